import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ZEmail, ZPassword } from './auth.ts';
import { ZUser } from './users.ts';
import { ZWorkspaceRole } from './workspaces.ts';

/** The four figures at the top of /admin/users (definitions in docs/decisions.md). */
export const ZAdminKpis = z.object({
  totalUsers: z.number().int(),
  /** Active accounts seen within ACTIVE_USER_DAYS. */
  totalActiveUsers: z.number().int(),
  /** Users whose subscription to a paid plan currently grants access. */
  totalPaidUsers: z.number().int(),
  /** Sum of paid invoices, in dollars. */
  totalRevenue: z.number(),
});
export type TAdminKpis = z.infer<typeof ZAdminKpis>;

/** A row of the admin users table: the user plus what they use and what they paid. */
export const ZAdminUser = ZUser.extend({
  /** Sum of the user's paid invoices, in dollars. */
  revenue: z.number(),
  usage: z.object({
    calls: z.number().int(),
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    totalTokens: z.number().int(),
    /** USD of the calls whose model had a price (the offline draft's cost 0). */
    costUsd: z.number(),
    /** Calls made while no price was known for their model: not in costUsd. */
    unpricedCalls: z.number().int(),
  }),
  projectStatus: z.object({
    totalProjects: z.number().int(),
    /** Deploys that reached Netlify (state ready). */
    totalDeployments: z.number().int(),
  }),
  /** The workspaces the user belongs to, their own (their account's) among them. */
  workspaces: z.array(
    z.object({ id: z.string(), name: z.string(), role: ZWorkspaceRole, own: z.boolean() }),
  ),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(200).default(''),
});

const firstName = z
  .string({ error: MSG.firstNameRequired })
  .trim()
  .min(1, { error: MSG.firstNameRequired })
  .max(150, { error: 'First name must be at most 150 characters' });
const lastName = z
  .string({ error: MSG.lastNameRequired })
  .trim()
  .min(1, { error: MSG.lastNameRequired })
  .max(150, { error: 'Last name must be at most 150 characters' });

/**
 * POST /api/admin/users/create/ and the Create User form. An administrator vouches for the
 * address, so the account needs no verification mail.
 */
export const ZAdminCreateUser = z
  .strictObject({
    firstName,
    lastName,
    email: ZEmail,
    password: ZPassword,
    confirmPassword: z
      .string({ error: MSG.confirmRequired })
      .min(1, { error: MSG.confirmRequired, abort: true }),
    adminBypass: z.boolean().default(false),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type TAdminCreateUser = z.input<typeof ZAdminCreateUser>;

/** PATCH /api/admin/users/{id}/: names and the Admin Bypass flag; e-mail never. */
export const ZAdminUpdateUser = z.strictObject({
  email: z.never({ error: MSG.emailNotEditable }).optional(),
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  adminBypass: z.boolean().optional(),
});
export type TAdminUpdateUser = z.infer<typeof ZAdminUpdateUser>;

/** The edit form: every field present. */
export const ZAdminEditUserForm = z.object({
  firstName,
  lastName,
  adminBypass: z.boolean(),
});
export type TAdminEditUserForm = z.infer<typeof ZAdminEditUserForm>;
