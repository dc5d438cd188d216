import { Outlet, createRootRoute } from '@tanstack/react-router';
import { Header } from '#app/shell/header.tsx';
import { Toaster } from '#app/platform/ui/toaster.tsx';

export const Route = createRootRoute({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <Outlet />
      <Toaster />
    </>
  );
}
