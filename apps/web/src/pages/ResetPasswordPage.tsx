import { ResetPasswordScreen } from '../modules/password-reset/components/ResetPasswordScreen';

export function ResetPasswordPage() {
  return <ResetPasswordScreen />;
}
