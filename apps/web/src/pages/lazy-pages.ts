import { lazyPage } from '../lib/lazy-page';

// Every page but the viewer's is a chunk of its own: the viewer page, opened by a whole audience, loads as little as possible.
export const LandingPage = lazyPage(() => import('./LandingPage').then((module) => module.LandingPage));
export const HostRoomPage = lazyPage(() => import('./HostRoomPage').then((module) => module.HostRoomPage));
export const ResetPasswordPage = lazyPage(() => import('./ResetPasswordPage').then((module) => module.ResetPasswordPage));
export const AuthCallbackPage = lazyPage(() => import('./AuthCallbackPage').then((module) => module.AuthCallbackPage));
export const DashboardPage = lazyPage(() => import('./DashboardPage').then((module) => module.DashboardPage));
export const SpeakerRoomPage = lazyPage(() => import('./SpeakerRoomPage').then((module) => module.SpeakerRoomPage));
export const CaptionsPage = lazyPage(() => import('./CaptionsPage').then((module) => module.CaptionsPage));
