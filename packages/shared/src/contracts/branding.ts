import { z } from 'zod';

/** A colour as #rrggbb. */
export const ZAccentColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Give the colour as #rrggbb, e.g. #0f766e' })
  .transform((c) => c.toLowerCase());

/** An https address of an image. */
export const ZLogoUrl = z
  .url({ protocol: /^https$/, error: 'Give the logo as an https:// address of an image' })
  .max(2000);

/** How a workspace shows itself to its clients, in the app and in their e-mails. */
export const ZBranding = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  showPoweredBy: z.boolean(),
  /** Whether the plan lets the owner hide "powered by". */
  canHidePoweredBy: z.boolean(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const ZUpdateBranding = z.strictObject({
  name: z.string().trim().min(1, { error: 'Give the workspace a name' }).max(120).optional(),
  logoUrl: ZLogoUrl.nullable().optional(),
  accentColor: ZAccentColor.nullable().optional(),
  showPoweredBy: z.boolean().optional(),
});
export type TUpdateBranding = z.input<typeof ZUpdateBranding>;

/** Which e-mails a member gets in a workspace. */
export const ZNotificationPrefs = z.object({
  runFinished: z.boolean(),
  deployFailed: z.boolean(),
  syncWaiting: z.boolean(),
  clientReview: z.boolean(),
});
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;
export const ZUpdateNotificationPrefs = ZNotificationPrefs.partial().strict();
