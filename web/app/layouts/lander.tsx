import { Outlet } from 'react-router';
import { Footer } from '../components/shell/footer';

/** Marketing pages: no navigation to distract, but the company footer stays. */
export default function LanderLayout() {
  return (
    <div className="layout-lander flex min-h-dvh flex-col">
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
