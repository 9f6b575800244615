import { Button } from '@client/components/ui/button';
import { FieldError, TextField } from '@client/components/ui/form-field';
import { Checkbox } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useHydrated } from '@client/lib/use-hydrated';
import { zodResolver } from '@hookform/resolvers/zod';
import { LEGAL_LINKS } from '@shared/brand';
import {
  type RegisterRequest,
  type RegisterForm as RegisterValues,
  registerFormSchema,
} from '@shared/schemas/auth';
import { ExternalLink } from 'lucide-react';
import { useForm } from 'react-hook-form';

type RegisterFormProps = {
  pending: boolean;
  onSubmit: (details: RegisterRequest) => void;
  onSwitchToLogin: () => void;
};

export function RegisterForm({ pending, onSubmit, onSwitchToLogin }: RegisterFormProps) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', email: '', password: '', agreeTerms: false },
  });

  // agreeTerms is a condition of the form, not part of the request (spec section 3).
  const submit = handleSubmit(({ username, email, password }) => onSubmit({ username, email, password }));
  const termsError = errors.agreeTerms?.message;

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
        label="Email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="grid gap-2">
        <div className="flex items-start gap-2">
          <Checkbox
            id="register-agree-terms"
            className="mt-0.5"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-agree-terms-error' : undefined}
            {...register('agreeTerms')}
          />
          <Label htmlFor="register-agree-terms" variant="choice">
            I agree to the {/* A new tab, so reading the terms does not lose what was typed. */}
            <a
              href={LEGAL_LINKS.terms}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-0.5 rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              terms and conditions
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          </Label>
        </div>
        <FieldError id="register-agree-terms-error" message={termsError} />
      </div>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {pending ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Button variant="link" size="inline" onClick={onSwitchToLogin}>
          Sign in instead
        </Button>
      </p>
    </form>
  );
}
