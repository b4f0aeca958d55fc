/** The viewer's own profile (docs/product.md §2, /profile and /profile/edit). */
import { BirthdaySchema, EmailSchema, FioSchema } from './auth';
import { PROVIDERS, ROLES } from './constants';
import { AVATAR_MAX_BYTES } from './accounts';
import { SIGNED_IN, type EndpointMap } from './endpoint';
import { z } from './zod';

/** GET /api/profile, and the answer of PATCH /api/profile/edit. */
export const ProfileSchema = z.strictObject({
  id: z.number().int(),
  fio: z.string(),
  email: z.string(),
  /** 'YYYY-MM-DD'; null for an account made through a social provider that gave none. */
  birthday: z.string().nullable(),
  avatar: z.string().nullable(),
  provider: z.enum(PROVIDERS),
  role: z.enum(ROLES),
  /**
   * Whether the account has a password: deleting it is confirmed with the password, or — for an account made
   * through a social provider alone — by signing in through the provider again (DELETE /api/profile).
   */
  has_password: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** PATCH /api/profile/edit: the fields to change (birthday null clears it). */
export const ProfileEditBodySchema = z
  .strictObject({ email: EmailSchema, fio: FioSchema, birthday: BirthdaySchema.nullable() })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Нет полей для изменения');
export type ProfileEditBody = z.input<typeof ProfileEditBodySchema>;

/** POST /api/upload-avatar (multipart field `image`): the stored file, relative to /storage/images. */
export const AvatarResponseSchema = z.strictObject({ namefile: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponseSchema>;

export const profileEndpoints = {
  'GET /profile': { summary: 'Свой профиль', access: SIGNED_IN, response: ProfileSchema },
  'PATCH /profile/edit': {
    summary: 'Изменить почту, имя, дату рождения',
    access: SIGNED_IN,
    body: ProfileEditBodySchema,
    response: ProfileSchema,
  },
  'POST /upload-avatar': {
    summary: 'Загрузить аватар (поле image)',
    access: SIGNED_IN,
    upload: { files: { image: { maxBytes: AVATAR_MAX_BYTES, required: true } } },
    response: AvatarResponseSchema,
  },
} as const satisfies EndpointMap;
