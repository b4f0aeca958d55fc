/**
 * The access table (contract/access.ts) seen from the signed-in person: what their role may do.
 * Buttons, menus and route guards ask this; the server enforces the same table.
 */
import { can, type Action, type Resource } from '@kino/backend/contract';
import { useSession } from './session';

export function useCan() {
  const role = useSession()?.user.role;
  return (resource: Resource, action: Action) => can(role, resource, action);
}
