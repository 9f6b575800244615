import { SiteLink } from '@client/components/layout/site-link';
import { Button } from '@client/components/ui/button';
import { PasswordField, UsernameField } from '@client/components/ui/form-field';
import { Checkbox } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { paths } from '@client/config/paths';
import { inPlace } from '@client/lib/clicks';
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
  // No default values: react-hook-form then takes each field from the page as it finds it, so what was typed
  // before the sign-in page's island hydrated is kept (src/site/pages/auth.astro), where a default would
  // overwrite it (as in features/marketing/contact-form.tsx).
  const { register, handleSubmit, field } = useZodForm(loginFormSchema, {});

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
        {/* A link, as the Register tab is (auth-page.tsx): a press before the page runs opens Register too. */}
        <Button variant="link" size="inline" asChild>
          <a href={paths.auth.getRegisterHref()} onClick={inPlace(onSwitchToRegister)}>
            Sign up now
          </a>
        </Button>
      </p>
    </form>
  );
}
