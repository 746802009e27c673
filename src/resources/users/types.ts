/** A staff user as GET /admin/users returns it. */
export interface AdminUser {
  id: number;
  name: string;
  displayName: string | null;
  avatar: string | null;
  email: string | null;
  role: string;
  enabled: boolean;
}
