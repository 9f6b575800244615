import { SiteLink } from '@client/components/layout/site-link';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/form-field';
import { Checkbox } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { paths } from '@client/config/paths';
import { useHydrated } from '@client/lib/use-hydrated';
import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, type LoginForm as LoginValues, loginFormSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';

type LoginFormProps = {
  pending: boolean;
  onSubmit: (credentials: LoginRequest) => void;
  onSwitchToRegister: () => void;
};

export function LoginForm({ pending, onSubmit, onSwitchToRegister }: LoginFormProps) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  // rememberMe is collected but not sent: sessions already last 30 days (spec section 3).
  const submit = handleSubmit(({ username, password }) => onSubmit({ username, password }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <SiteLink
            markCurrent={false}
            to={paths.forgotPassword.getHref()}
            className="rounded-sm text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Forgot password?
          </SiteLink>
        }
        {...register('password')}
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
      <p className="text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <Button variant="link" size="inline" onClick={onSwitchToRegister}>
          Sign up now
        </Button>
      </p>
    </form>
  );
}
