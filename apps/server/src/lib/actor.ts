/** Who does a change, for the audit log: the signed-in user and the request's address. */
export interface Actor {
  userId: number;
  ip: string | null;
}
