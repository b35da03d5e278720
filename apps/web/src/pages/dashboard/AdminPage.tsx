import { AdminPanel } from '../../modules/admin/components/AdminPanel';

export function AdminPage() {
  return <AdminPanel />;
}
