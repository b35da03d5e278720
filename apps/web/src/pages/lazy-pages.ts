import { lazyPage } from '../lib/lazy-page';

// Pages few visitors open are chunks of their own, so the viewer page loads as little as possible.
export const HostRoomPage = lazyPage(() => import('./HostRoomPage').then((module) => module.HostRoomPage));
export const ResetPasswordPage = lazyPage(() => import('./ResetPasswordPage').then((module) => module.ResetPasswordPage));
export const AuthCallbackPage = lazyPage(() => import('./AuthCallbackPage').then((module) => module.AuthCallbackPage));
export const DashboardPage = lazyPage(() => import('./DashboardPage').then((module) => module.DashboardPage));
export const SpeakerRoomPage = lazyPage(() => import('./SpeakerRoomPage').then((module) => module.SpeakerRoomPage));
export const CaptionsPage = lazyPage(() => import('./CaptionsPage').then((module) => module.CaptionsPage));
