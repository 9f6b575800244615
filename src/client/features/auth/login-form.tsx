import { SiteLink } from '@client/components/layout/site-link';
import { Button } from '@client/components/ui/button';
import { PasswordField, UsernameField } from '@client/components/ui/form-field';
import { Checkbox } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { paths } from '@client/config/paths';
import { useHydrated } from '@client/lib/use-hydrated';
import { useZodForm } from '@client/lib/use-zod-form';
import { type LoginRequest, loginFormSchema } from '@shared/schemas/auth';
import { KeyRound } from 'lucide-react';

type LoginFormProps = {
  pending: boolean;
  onSubmit: (credentials: LoginRequest) => void;
  /** Passwordless: the browser offers the person the passkeys they have for this site. */
  onPasskeySignIn: () => void;
  onSwitchToRegister: () => void;
};

export function LoginForm({ pending, onSubmit, onPasskeySignIn, onSwitchToRegister }: LoginFormProps) {
  const hydrated = useHydrated();
  const { register, handleSubmit, field } = useZodForm(loginFormSchema, {
    username: '',
    password: '',
    rememberMe: false,
  });

  // rememberMe is collected but not sent: sessions already last 30 days (docs/architecture.md#entities).
  const submit = handleSubmit(({ username, password }) => onSubmit({ username, password }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <UsernameField label="Username or email" {...field('username')} />
      <PasswordField
        autoComplete="current-password"
        labelAside={
          <SiteLink
            markCurrent={false}
            to={paths.forgotPassword.getHref()}
            className="rounded-sm text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Forgot password?
          </SiteLink>
        }
        {...field('password')}
      />
      <div className="flex items-center gap-2">
        <Checkbox id="login-remember-me" {...register('rememberMe')} />
        <Label htmlFor="login-remember-me" variant="choice">
          Remember me
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
      <Button variant="outline" className="w-full" disabled={pending || !hydrated} onClick={onPasskeySignIn}>
        <KeyRound aria-hidden="true" className="size-4" />
        Sign in with a passkey
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <Button variant="link" size="inline" onClick={onSwitchToRegister}>
          Sign up now
        </Button>
      </p>
    </form>
  );
}
