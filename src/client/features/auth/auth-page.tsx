import { SecondFactorStep } from '@client/components/two-factor/second-factor-step';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FullScreenSpinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { paths } from '@client/config/paths';
import { inPlace } from '@client/lib/clicks';
import { Redirect, useNavigation } from '@client/lib/navigation';
import { MARKETING_META } from '@client/lib/page-meta';
import { rememberReferralCode } from '@client/lib/pending-referral';
import { safeRedirect } from '@client/lib/safe-redirect';
import { useCurrentUser } from '@client/lib/session';
import { isChallenge } from '@client/lib/two-factor-types';
import { useHydrated } from '@client/lib/use-hydrated';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME } from '@shared/brand';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLogin, useLoginSecondFactor } from './api/login';
import { usePasskeySignIn } from './api/passkey-sign-in';
import { useRegister } from './api/register';
import { AuthMarketingPanel } from './auth-marketing-panel';
import { LoginForm } from './login-form';
import { MicrosoftSignIn } from './microsoft-sign-in';
import { afterLoginTarget, afterRegisterTarget, authRedirectTarget, invitationIn } from './redirects';
import { RegisterForm } from './register-form';

type Tab = 'login' | 'register';

export function AuthPage() {
  const navigation = useNavigation();
  // The prerendered page was built without the address's query (?tab=register, ?ref=, ?redirect=): the
  // first render, which hydrates it, reads none either, so the two agree; the next reads the query.
  const hydrated = useHydrated();
  const params = new URLSearchParams(hydrated ? navigation.search : '');
  const target = authRedirectTarget(params.get('redirect'));
  const { user } = useCurrentUser();
  // A password accepted for an account with a second factor: the code step replaces the form.
  const [challenge, setChallenge] = useState<TwoFactorRequired | null>(null);
  // Back from Microsoft with an account nobody has linked: signing in another way links it.
  const [unlinked, setUnlinked] = useState<string | null>(null);
  // The practice's words when it signs its team in with Microsoft and the password was refused.
  const [microsoftRequired, setMicrosoftRequired] = useState<string | null>(null);
  const linkMicrosoft = unlinked !== null;
  const loginMutation = useLogin({
    onChallenge: setChallenge,
    onMicrosoftRequired: setMicrosoftRequired,
    linkMicrosoft,
  });
  const secondFactor = useLoginSecondFactor(linkMicrosoft);
  const passkeyMutation = usePasskeySignIn(linkMicrosoft);
  const registerMutation = useRegister();
  const registerAsked = params.get('tab') === 'register';
  // Inside the app the link's tab opens at once; on arrival, Register opens after hydration (below).
  const [tab, setTab] = useState<Tab>(registerAsked ? 'register' : 'login');
  useEffect(() => {
    if (registerAsked) setTab('register');
  }, [registerAsked]);
  // Which form just succeeded decides where the new session goes; a visitor who arrives already
  // signed in just follows the redirect.
  const [submitted, setSubmitted] = useState<Tab | null>(null);
  const triggers = { login: useRef<HTMLButtonElement>(null), register: useRef<HTMLAnchorElement>(null) };
  const switchedByLink = useRef(false);

  useTitle(tab === 'login' ? MARKETING_META[paths.auth.path].title : 'Create account');

  // A share link (/auth?ref=CODE): keep the code for the subscribe page and open Register.
  const [referral, setReferral] = useState<string | null>(null);
  const refParam = params.get('ref');
  useEffect(() => {
    const code = refParam ? rememberReferralCode(refParam) : null;
    if (!code) return;
    setReferral(code);
    setTab('register');
  }, [refParam]);

  useEffect(() => {
    // The link that switched tabs has just unmounted; keep keyboard focus at the tab it opened.
    if (switchedByLink.current) triggers[tab].current?.focus();
    switchedByLink.current = false;
  });

  // The note app asked for a fresh sign-in (OpenID Connect prompt=login or max_age: the provider sends
  // a signed-in person here with prompt=login, docs/decisions/069-openid-conformance.md). The form shows
  // to them too, and they go on once signed in again here.
  const signInAgain = params.get('prompt') === 'login';
  const signedInHere =
    secondFactor.isSuccess ||
    passkeyMutation.isSuccess ||
    (loginMutation.data !== undefined && !isChallenge(loginMutation.data));

  // The forms show while the session check runs (this page is prerendered, and most visitors are
  // signed out); a visitor found to be signed in sees a spinner while they are sent on.
  if (user && (!signInAgain || signedInHere)) {
    let to = target;
    if (submitted === 'login') to = afterLoginTarget(user, target);
    else if (submitted === 'register') to = afterRegisterTarget(target);
    return (
      <>
        <FullScreenSpinner />
        <Redirect to={to} />
      </>
    );
  }

  const switchTo = (next: Tab) => {
    switchedByLink.current = true;
    setTab(next);
  };

  return (
    <div className="grid min-h-[calc(100dvh-4rem)] lg:grid-cols-2">
      <div className="flex items-start justify-center px-4 py-10 sm:items-center sm:px-6">
        <div className="w-full max-w-md">
          <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">
            {user ? 'Sign in again' : `Welcome to ${PRODUCT_NAME}`}
          </h1>
          <p className="mt-2 text-center text-slate-600">
            {user
              ? 'The note app asks you to confirm it is you before it goes on.'
              : 'Sign in or create an account to get started.'}
          </p>
          {referral ? (
            <p className="mt-4 flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950">
              <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                Referral code <span className="font-semibold">{referral}</span> will be applied when you
                subscribe: you'll get 1 month free after your trial.
              </span>
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-8">
            <TabsList stretch>
              <TabsTrigger value="login" ref={triggers.login}>
                Login
              </TabsTrigger>
              {/* A link to this page with Register open, so that a press before the page's island runs is not
              lost: the browser follows it, and an address with a query hydrates at once
              (src/site/pages/auth.astro). Once the island runs, Radix opens the tab on the press and the link stays in place. `type` is unset: Radix gives
              its trigger a button's, which a link does not take. */}
              <TabsTrigger value="register" asChild>
                <a
                  href={paths.auth.getRegisterHref(params.has('redirect') ? target : undefined)}
                  onClick={inPlace()}
                  ref={triggers.register}
                  type={undefined}
                >
                  Register
                </a>
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <Card>
                <CardHeader>
                  <CardTitle>{challenge ? 'Two-factor sign-in' : 'Sign in to your account'}</CardTitle>
                  <CardDescription>
                    {challenge ? 'One more step: prove it is you.' : 'Enter your username and password.'}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {challenge ? (
                    <SecondFactorStep
                      methods={challenge.methods}
                      pending={secondFactor.isPending || passkeyMutation.isPending}
                      onSubmit={(code) => secondFactor.mutate(code)}
                      onPasskey={() => passkeyMutation.mutate()}
                      onCancel={() => setChallenge(null)}
                    />
                  ) : (
                    <LoginForm
                      pending={loginMutation.isPending || passkeyMutation.isPending}
                      onSubmit={(credentials) => {
                        setSubmitted('login');
                        setMicrosoftRequired(null);
                        loginMutation.mutate(credentials);
                      }}
                      onPasskeySignIn={() => {
                        setSubmitted('login');
                        passkeyMutation.mutate();
                      }}
                      onSwitchToRegister={() => switchTo('register')}
                    />
                  )}
                  {challenge ? null : (
                    <MicrosoftSignIn
                      outcome={params.get('microsoft')}
                      // A redirect that is no path of this site is dropped (the default destination
                      // follows), as after a password sign-in, rather than refused by the server.
                      returnTo={safeRedirect(params.get('redirect'), '') || undefined}
                      unlinked={unlinked}
                      onUnlinked={setUnlinked}
                      refusal={microsoftRequired}
                      onChallenge={(next) => {
                        setSubmitted('login');
                        setChallenge(next);
                      }}
                    />
                  )}
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="register">
              <Card>
                <CardHeader>
                  <CardTitle>Create an account</CardTitle>
                  <CardDescription>Start with the free plan, upgrade when you are ready.</CardDescription>
                </CardHeader>
                <CardContent>
                  <RegisterForm
                    pending={registerMutation.isPending}
                    onSubmit={(details, callbacks) => {
                      setSubmitted('register');
                      registerMutation.mutate({ ...details, invitation: invitationIn(target) }, callbacks);
                    }}
                    onSwitchToLogin={() => switchTo('login')}
                    defaultEmail={params.get('email') ?? ''}
                  />
                </CardContent>
              </Card>
            </TabsContent>
          </Tabs>
        </div>
      </div>
      <AuthMarketingPanel />
    </div>
  );
}
