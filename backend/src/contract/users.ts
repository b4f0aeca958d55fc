/**
 * Accounts in the back office (admin only): GET /api/users, PUT /api/users/{id}/role, PUT
 * /api/users/{id}/inn (a staff member's INN, printed as the cash register's operator).
 */
import { isValidInn } from './cinema';
import { IdParamsSchema, pageSchema, StaffPageQuerySchema } from './common';
import { PROVIDERS, ROLES } from './constants';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

export const UserRowSchema = z.strictObject({
  id: z.number().int(),
  fio: z.string(),
  email: z.string(),
  birthday: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  provider: z.enum(PROVIDERS),
  /** A staff member's INN: the cash register prints it as the operator's (tag 1203); null when not given. */
  inn: z.string().nullable(),
});
export type UserRow = z.infer<typeof UserRowSchema>;
export const UserPageSchema = pageSchema(UserRowSchema);

/** PUT /api/users/{id}/role */
export const RoleBodySchema = z.strictObject({ role: z.enum(ROLES, { error: 'Выберите одну из пяти ролей' }) });
export type RoleBody = z.infer<typeof RoleBodySchema>;

/** PUT /api/users/{id}/inn: the INN, or null to remove it. */
export const InnBodySchema = z.strictObject({
  inn: z
    .string()
    .trim()
    .refine((inn) => inn.length === 12 && isValidInn(inn), 'ИНН сотрудника — 12 цифр с верными контрольными цифрами')
    .nullable(),
});

export const userEndpoints = {
  'GET /users': {
    summary: 'Пользователи постранично; q — поиск по имени или почте',
    access: requires('users', 'list'),
    query: StaffPageQuerySchema,
    response: UserPageSchema,
  },
  'PUT /users/:id/role': {
    summary: 'Сменить роль (последнего главного администратора понизить нельзя: 409)',
    access: requires('users', 'update'),
    params: IdParamsSchema,
    body: RoleBodySchema,
    response: UserRowSchema,
  },
  'PUT /users/:id/inn': {
    summary: 'ИНН сотрудника: касса печатает его в чеках как ИНН кассира',
    access: requires('users', 'update'),
    params: IdParamsSchema,
    body: InnBodySchema,
    response: UserRowSchema,
  },
} as const satisfies EndpointMap;
