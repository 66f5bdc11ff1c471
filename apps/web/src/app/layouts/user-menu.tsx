import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import {
  Building2,
  ChevronDown,
  CreditCard,
  LogOut,
  Menu,
  Settings,
  FolderKanban,
  Users,
  UsersRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { TUser } from '@cityforge/shared';
import { buttonClasses } from '../../components/ui/button';
import { contentClass, itemClass } from './menu-classes';

export function displayName(user: Pick<TUser, 'fullName'>): string {
  return user.fullName.trim() || 'User';
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? 'U') + (parts[1]?.[0] ?? '')).toUpperCase();
}

function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: LucideIcon;
  children: string;
}) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        <Icon className="size-4 text-zinc-500" aria-hidden="true" /> {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** Both menus end with Logout, set apart. */
function LogoutItem({ onLogout }: { onLogout: () => void }) {
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
      <DropdownMenu.Item className={itemClass} onSelect={onLogout}>
        <LogOut className="size-4 text-zinc-500" aria-hidden="true" /> Logout
      </DropdownMenu.Item>
    </>
  );
}

/** Desktop user menu: headed by the full name (or "User"). */
export function UserMenu({ user, onLogout }: { user: TUser; onLogout: () => void }) {
  const name = displayName(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses('ghost', 'md', 'gap-2 pr-2 pl-1.5')}>
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
        >
          {initials(name)}
        </span>
        <span className="max-w-40 truncate">{name}</span>
        <ChevronDown className="size-4 text-zinc-500" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={contentClass}>
          <DropdownMenu.Label className="px-2.5 py-2">
            <p className="truncate text-sm font-medium text-zinc-900">{name}</p>
            <p className="truncate text-xs text-zinc-500">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
          <MenuLink to="/profile" icon={Settings}>
            Account Settings
          </MenuLink>
          <MenuLink to="/team" icon={UsersRound}>
            Team
          </MenuLink>
          <MenuLink to="/workspace/settings" icon={Building2}>
            Workspace settings
          </MenuLink>
          <MenuLink to="/plans" icon={CreditCard}>
            Plans &amp; Billing
          </MenuLink>
          <LogoutItem onLogout={onLogout} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Phone menu: Projects, the team, the workspace's settings, Account Settings and Logout, with no
 * subscription check (spec). */
export function MobileMenu({ user, onLogout }: { user: TUser; onLogout: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label="Open menu" className={buttonClasses('ghost', 'icon')}>
        <Menu className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={contentClass}>
          <DropdownMenu.Label className="truncate px-2.5 py-2 text-xs text-zinc-500">
            {displayName(user)}
          </DropdownMenu.Label>
          <MenuLink to="/projects" icon={FolderKanban}>
            Projects
          </MenuLink>
          {user.isSuperuser ? (
            <MenuLink to="/admin/users" icon={Users}>
              Users
            </MenuLink>
          ) : null}
          <MenuLink to="/team" icon={UsersRound}>
            Team
          </MenuLink>
          <MenuLink to="/workspace/settings" icon={Building2}>
            Workspace settings
          </MenuLink>
          <MenuLink to="/profile" icon={Settings}>
            Account Settings
          </MenuLink>
          <LogoutItem onLogout={onLogout} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
