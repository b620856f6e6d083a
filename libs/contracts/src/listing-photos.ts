import { z } from 'zod';

// What each photo of a listing shows (issue 36). The API takes 1 to MAX_PHOTOS photos, as the spec's
// single-photo submission does; `photoRoles`, when sent, names each one. The wizard asks for the four
// guided views, up to MAX_EXTRA_PHOTOS more, and one photo of each declared damage.

export const GUIDED_PHOTO_VIEWS = ['front-three-quarter', 'rear-three-quarter', 'interior-front', 'odometer'] as const;
export type GuidedPhotoView = (typeof GUIDED_PHOTO_VIEWS)[number];

export const GUIDED_PHOTO_LABELS: Record<GuidedPhotoView, string> = {
  'front-three-quarter': 'Front three-quarter',
  'rear-three-quarter': 'Rear three-quarter',
  'interior-front': 'Interior, front',
  odometer: 'Odometer',
};

export const MAX_EXTRA_PHOTOS = 8;

export const photoRoleSchema = z.discriminatedUnion(
  'role',
  [
    z.object({ role: z.literal('view'), view: z.enum(GUIDED_PHOTO_VIEWS, { error: 'Unknown photo view' }) }),
    z.object({ role: z.literal('extra') }),
    /** A photo of a declared damage: the damage's index in the condition report's panelDamage. */
    z.object({ role: z.literal('damage'), damageIndex: z.number().int().min(0) }),
  ],
  { error: 'Each photo role is a view, an extra photo or a damage' },
);
export type PhotoRole = z.infer<typeof photoRoleSchema>;

/** Problems of a set of photo roles, by what the wizard asks for; an empty list when it is complete. */
export function guidedPhotoProblems(roles: readonly PhotoRole[], declaredDamages: number): string[] {
  const problems: string[] = [];
  for (const view of GUIDED_PHOTO_VIEWS) {
    const count = roles.filter((role) => role.role === 'view' && role.view === view).length;
    if (count === 0) problems.push(`Add the ${GUIDED_PHOTO_LABELS[view].toLowerCase()} photo`);
    if (count > 1) problems.push(`Keep one ${GUIDED_PHOTO_LABELS[view].toLowerCase()} photo`);
  }
  if (roles.filter((role) => role.role === 'extra').length > MAX_EXTRA_PHOTOS) problems.push(`Add at most ${MAX_EXTRA_PHOTOS} more photos`);
  for (let damageIndex = 0; damageIndex < declaredDamages; damageIndex++) {
    if (!roles.some((role) => role.role === 'damage' && role.damageIndex === damageIndex)) problems.push(`Add a photo of damage ${damageIndex + 1}`);
  }
  if (roles.some((role) => role.role === 'damage' && role.damageIndex >= declaredDamages)) problems.push('A damage photo names a damage that is not declared');
  return problems;
}
