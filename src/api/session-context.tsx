import { createContext, use } from 'react';
import type { Account } from '../contract';

/** Where the service is and the API key (kept by `src/app/session.ts`: sessionStorage, or localStorage when remembered). */
export interface Session {
  baseUrl: string;
  apiKey: string;
  remember: boolean;
}

export interface SessionValue {
  session: Session;
  account: Account;
  signOut: () => void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession needs the signed-in part of the app');
  return value;
}
