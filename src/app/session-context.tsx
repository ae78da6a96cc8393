import { createContext, use } from 'react';
import type { Account } from '../contract';
import type { Session } from './session';

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
