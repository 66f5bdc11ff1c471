import { useCallback } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { BrandLink } from '../../components/ui/brand-link';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useAuth } from '../../lib/auth-store';
import { useLogout } from '../../features/auth/api/logout';
import { MobileMenu, UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/** Logout: POST /auth/logout/, forget the session, go to /login. */
function useSignOut(): { signOut: () => void } {
  const { mutateAsync } = useLogout();
  const navigate = useNavigate();
  const signOut = useCallback(() => {
    void mutateAsync().finally(() => void navigate('/login', { replace: true }));
  }, [mutateAsync, navigate]);
  return { signOut };
}

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-zinc-100 text-zinc-950' : 'text-zinc-600 hover:bg-zinc-50 hover:text-zinc-950',
  );
}

/** The header: on every page except /login and /signup; the workspace switcher when signed in. */
export function Header() {
  const { user } = useAuth();
  const { signOut } = useSignOut();
  const hasAccess = !!user && (user.isSubscribed || user.adminBypass);

  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="container-page flex h-16 items-center gap-3">
        <BrandLink size="md" />
        {user?.isSuperuser ? <Badge variant="brand">Admin</Badge> : null}
        {user ? <WorkspaceSwitcher /> : null}
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {hasAccess ? (
            <NavLink to="/projects" className={navClass}>
              Projects
            </NavLink>
          ) : null}
          {user?.isSuperuser ? (
            <NavLink to="/admin/users" className={navClass}>
              Users
            </NavLink>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {!user ? (
            <>
              <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                Login
              </Link>
              <Link to="/signup" className={buttonClasses('primary', 'sm')}>
                Sign Up
              </Link>
            </>
          ) : (
            <>
              <div className="hidden md:block">
                {hasAccess ? (
                  <UserMenu user={user} onLogout={signOut} />
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<LogOut className="size-4" aria-hidden="true" />}
                    onClick={signOut}
                  >
                    Logout
                  </Button>
                )}
              </div>
              <div className="md:hidden">
                <MobileMenu user={user} onLogout={signOut} />
              </div>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
