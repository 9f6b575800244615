import type { RegisterRequest } from '../../shared/schemas/auth';
import { emailAddressService } from '../account/email-address-service';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest } from '../lib/http-error';
import { hashPassword, verifyPassword } from './password';
import { verifyLogin } from './sign-in';
import { usersRepo } from './users-repo';

/** A user's account: registering, signing in, and changing their name, email or password. */
export function authService(ctx: AppContext) {
  const users = usersRepo(ctx.database.db);
  const emailAddress = emailAddressService(ctx);

  return {
    async register(input: RegisterRequest, ip: string): Promise<User> {
      const { username, email, password } = input;
      const created = await users.create({ username, email, passwordHash: await hashPassword(password) });
      await emailAddress.sendVerification(created);
      return users.recordLogin(created, ip);
    },

    async login(login: string, password: string, ip: string): Promise<User> {
      const user = await verifyLogin(ctx, 'user', users.findByLogin, login, password);
      return users.recordLogin(user, ip);
    },

    /** Someone who learnt the old password is signed out everywhere; the session `keepToken` stays in. */
    async changePassword(user: User, current: string, next: string, keepToken: string): Promise<void> {
      if (!(await verifyPassword(user.password, current))) throw badRequest('Current password is incorrect');
      await users.setPassword(user.id, await hashPassword(next));
      await ctx.sessions.user.endAllFor(user.id, keepToken);
    },
  };
}
