import { useState } from 'react';
import { useRecoveryLink } from '../hooks/useRecoveryLink';
import { NewPasswordForm } from './NewPasswordForm';
import { ResetLinkError } from './ResetLinkError';
import { ResetSuccess } from './ResetSuccess';
import { ResetVerifying } from './ResetVerifying';

/** /reset-password: verifying, then the form, then success; or the link error screen. */
export function ResetPasswordScreen() {
  const link = useRecoveryLink();
  const [updated, setUpdated] = useState(false);
  if (updated) return <ResetSuccess />;
  switch (link.phase) {
    case 'verifying':
      return <ResetVerifying />;
    case 'error':
      return <ResetLinkError message={link.message} />;
    case 'ready':
      return <NewPasswordForm onUpdated={() => setUpdated(true)} />;
  }
}
