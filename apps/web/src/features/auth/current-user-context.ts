import type { UserProfile } from '@yj/contracts';
import { createContext, useContext } from 'react';

/** The signed-in user, provided by the /book shell once it is loaded. */
export const CurrentUserContext = createContext<UserProfile | null>(null);

export function useCurrentUser(): UserProfile {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available inside the /book shell');
  return user;
}
