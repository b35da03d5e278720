import { createContext } from 'react';
import type { AuthClient } from './auth-client';
import type { AuthState } from './auth-types';

export interface AuthValue extends AuthState {
  client: AuthClient;
}

export const AuthContext = createContext<AuthValue | null>(null);
