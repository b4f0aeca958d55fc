import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';

/** PUT /api/users/{id}/role; the users table (and the dashboard's counts) follow. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useApiMutation('PUT /users/:id/role', { onSuccess: () => void invalidate(queryClient, 'GET /users') });
}

/** PUT /api/users/{id}/inn: a staff member's INN, printed as the cash register's operator. */
export function useSetInn() {
  const queryClient = useQueryClient();
  return useApiMutation('PUT /users/:id/inn', { onSuccess: () => void invalidate(queryClient, 'GET /users') });
}
