import { Button } from '@client/components/ui/button';
import { EmailField, FieldError, PasswordField, UsernameField } from '@client/components/ui/form-field';
import { Checkbox } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useHydrated } from '@client/lib/use-hydrated';
import { useZodForm } from '@client/lib/use-zod-form';
import { LEGAL_LINKS } from '@shared/brand';
import { type RegisterRequest, registerFormSchema } from '@shared/schemas/auth';
import { ExternalLink } from 'lucide-react';

type RegisterFormProps = {
  pending: boolean;
  /** Submits; `onError` hears a failure, so that a field the server refused shows its message. */
  onSubmit: (details: RegisterRequest, callbacks: { onError: (error: Error) => void }) => void;
  onSwitchToLogin: () => void;
  /** An address to start with (a practice invitation's). */
  defaultEmail?: string;
};

export function RegisterForm({ pending, onSubmit, onSwitchToLogin, defaultEmail = '' }: RegisterFormProps) {
  const hydrated = useHydrated();
  const { register, handleSubmit, field, formState, showServerError } = useZodForm(registerFormSchema, {
    username: '',
    email: defaultEmail,
    password: '',
    agreeTerms: false,
  });

  // The server records the agreement with the terms' version (docs/decisions/106-the-terms-agreed-at-registration.md):
  // the form refuses to send until the box is ticked.
  const submit = handleSubmit(({ username, email, password }) =>
    onSubmit({ username, email, password, agreeTerms: true }, { onError: showServerError }),
  );
  const termsError = formState.errors.agreeTerms?.message;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <UsernameField {...field('username')} />
      <EmailField {...field('email')} />
      <PasswordField
        autoComplete="new-password"
        hint="At least 8 characters, not a common one."
        {...field('password')}
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
