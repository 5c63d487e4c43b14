import { ClientSession } from '../../app/client-session';

export default function ClientDashboard() {
  const user = ClientSession.useSelector((s) => s.context.user);
  return (
    <>
      <h1>{user?.companyName}</h1>
      <p>Welcome, {user?.name}.</p>
    </>
  );
}
