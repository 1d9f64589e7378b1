import { Outlet } from 'react-router';

/** Landers and funnels that bring their own chrome. */
export default function EmptyLayout() {
  return (
    <main id="main" className="layout-empty min-h-dvh">
      <Outlet />
    </main>
  );
}
