/** An account the demo seed made, as the first start prints it (kept apart so the seed's parts import it one way). */
export interface DemoAccount {
  account: string;
  name: string;
  role: string;
}
