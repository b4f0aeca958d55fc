/** Who sent a request, as the access guard read it from the bearer token (modules/auth/tokens.ts). */
import type { Provider, Role } from '../../contract/constants';

export interface AuthUser {
  id: number;
  fio: string;
  email: string;
  role: Role;
  avatar: string | null;
  provider: Provider;
  /** A staff member's INN (the cash register's operator); null when not given. */
  inn: string | null;
  /** The token's id, for logout. */
  tokenId: string;
}
