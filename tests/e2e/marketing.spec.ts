import type { Locator, Page } from '@playwright/test';
import SAMPLE_TESTIMONIALS from '../../content/samples/testimonials.json' with { type: 'json' };
import { PLANS } from '../../src/shared/plans';
import { expect, expectNoAxeViolations, mailTo, registerViaApi, test, uniqueUser } from './fixtures';

const SALES = 'sales@chairnotes.co.uk';

/** Opens a page (the fixture's goto waits for it to load; each island hydrates when its part is needed). */
async function open(page: Page, path: string) {
  await page.goto(path);
}

/**
 * Clicks a link with a plain mouse click (no waiting in between) and returns the milliseconds until the
 * browser asks for the next page.
 */
async function msUntilNavigation(page: Page, link: Locator, during?: () => Promise<void>) {
  await link.scrollIntoViewIfNeeded();
  const box = (await link.boundingBox())!;
  const request = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
  const clickedAt = Date.now();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await during?.();
  await request;
  return Date.now() - clickedAt;
}

/**
 * What the sparkle button shows between the click and the navigation, recorded by the page itself (a
 * slow, shared test machine could miss a 700 ms window) and read back on the next page (sparkleSeen).
 */
async function recordSparkle(page: Page) {
  await page.evaluate(() => {
    const wrapper = document.querySelector('#main [data-state]')!;
    const seen = { celebrating: false, particles: 0 };
    sessionStorage.setItem('sparkle-seen', JSON.stringify(seen));
    new MutationObserver(() => {
      seen.celebrating ||= wrapper.getAttribute('data-state') === 'celebrating';
      seen.particles = Math.max(seen.particles, wrapper.querySelectorAll('.sparkle-particle').length);
      sessionStorage.setItem('sparkle-seen', JSON.stringify(seen));
    }).observe(wrapper, { attributes: true, childList: true, subtree: true });
  });
}

const sparkleSeen = async (page: Page) =>
  JSON.parse((await page.evaluate(() => sessionStorage.getItem('sparkle-seen'))) ?? '{}');

/** The top of an element relative to the viewport, in whole pixels. */
const topOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));

test.describe('landing page', () => {
  test("'See Features' scrolls the features section to 80 px below the top", async ({ page }) => {
    await open(page, '/');
    expect(await topOf(page, '#features')).toBeGreaterThan(300);
    await page.getByRole('link', { name: 'See Features' }).click();
    await expect.poll(() => topOf(page, '#features')).toBe(80);
    await expect(page.locator('#features').getByRole('listitem')).not.toHaveCount(0);
  });

  test('sections rise into view once, when scrolled to', async ({ page }) => {
    await open(page, '/');
    const testimonials = page.locator('#testimonials');
    await expect(testimonials).toHaveAttribute('data-reveal', 'hidden');
    await testimonials.scrollIntoViewIfNeeded();
    await expect(testimonials).toHaveAttribute('data-reveal', 'shown');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(testimonials).toHaveAttribute('data-reveal', 'shown');
  });

  test('testimonials: stars, 2 then 3 on desktop, and Read more / Show less on long quotes only', async ({
    page,
  }) => {
    await open(page, '/');
    const section = page.locator('#testimonials');
    await section.scrollIntoViewIfNeeded();
    const cards = section.getByRole('listitem');
    await expect(cards).toHaveCount(5);

    // Once the cards have risen into place: two side by side, then three side by side below them.
    await expect
      .poll(async () => {
        const boxes = await Promise.all([0, 1, 2, 3, 4].map((i) => cards.nth(i).boundingBox()));
        const rows = new Set(boxes.map((b) => Math.round(b!.y)));
        return [...rows].length === 2 && Math.round(boxes[0]!.y) === Math.round(boxes[1]!.y)
          ? boxes.map((b) => (Math.round(b!.y) === Math.round(boxes[0]!.y) ? 'first' : 'second'))
          : [];
      })
      .toEqual(['first', 'first', 'second', 'second', 'second']);
    const [wide, narrow] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(2).boundingBox()]);
    expect(wide!.width).toBeGreaterThan(narrow!.width * 1.3);

    // The tests' build shows the samples (SAMPLE_CONTENT, scripts/run-e2e.mjs).
    for (const [i, testimonial] of SAMPLE_TESTIMONIALS.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('img', { name: `Rated ${testimonial.stars} out of 5` })).toBeVisible();
      await expect(card).toContainText(testimonial.author);
      const quote = card.locator('blockquote');
      if (testimonial.quote.length <= 160) {
        await expect(card.getByRole('button')).toHaveCount(0);
        await expect(quote).toHaveText(`“${testimonial.quote}”`);
        continue;
      }
      const shortened = (await quote.innerText()).replace(/^“|”$/g, '');
      expect(shortened.endsWith('…')).toBe(true);
      expect(shortened.length).toBeLessThanOrEqual(160);
      expect(testimonial.quote.startsWith(shortened.slice(0, -1))).toBe(true);

      await card.getByRole('button', { name: 'Read more' }).click();
      const less = card.getByRole('button', { name: 'Show less' });
      await expect(less).toHaveAttribute('aria-expanded', 'true');
      await expect(quote).toHaveText(`“${testimonial.quote}”`);
      await less.click();
      await expect(card.getByRole('button', { name: 'Read more' })).toHaveAttribute('aria-expanded', 'false');
      await expect(quote).toHaveText(`“${shortened}”`);
    }
  });

  test('the sparkle button celebrates first, then goes to /pricing after the delay', async ({ page }) => {
    await open(page, '/');
    const hero = page.getByRole('region', { name: 'Dental clinical notes that write themselves' });
    const link = hero.getByRole('link', { name: 'Get Started Free' });
    await expect(link).toHaveAttribute('href', '/pricing');
    await recordSparkle(page);
    const elapsed = await msUntilNavigation(page, link);
    // docs/architecture.md#constants: the medium intensity (the default) waits 700 ms before acting.
    expect(elapsed).toBeGreaterThanOrEqual(690);
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await sparkleSeen(page)).toEqual({ celebrating: true, particles: 12 });
  });

  test('the particle background runs after load and pauses off screen', async ({ page }) => {
    await open(page, '/');
    const canvas = page.getByTestId('particle-background');
    await expect(canvas).toHaveAttribute('data-animation', 'running');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(canvas).toHaveAttribute('data-animation', 'paused');
  });

  test('closing call to action and the Get in Touch mail link', async ({ page }) => {
    await page.goto('/');
    const cta = page.getByRole('region', { name: 'Ready to spend less time on notes?' });
    await expect(cta.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth');
    await expect(cta.getByRole('link', { name: 'Request Demo' })).toHaveAttribute(
      'href',
      '/contact?kind=demo',
    );
    await expect(page.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute(
      'href',
      'mailto:hello@chairnotes.co.uk',
    );
    await expect(page.locator('#pricing').getByRole('article')).toHaveCount(3);
  });
});

test.describe('reduced motion', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('no particles, no scroll animations, and the sparkle button acts at once', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByTestId('particle-background')).toHaveAttribute('data-animation', 'off');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-reveal]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    const hero = page.getByRole('region', { name: 'Dental clinical notes that write themselves' });
    const link = hero.getByRole('link', { name: 'Get Started Free' });
    // Acting at once means no celebration between the click and the navigation: the page records what
    // it shows (as in the test above), not a time a busy machine could stretch.
    await recordSparkle(page);
    await msUntilNavigation(page, link);
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await sparkleSeen(page)).toEqual({ celebrating: false, particles: 0 });
  });
});

test.describe('pricing', () => {
  const plusButton = (page: Page) =>
    page.getByRole('article', { name: 'Plus' }).getByRole('link', { name: 'Start Free Trial' });

  test('signed out, a plan leads to Register, then back to its subscribe page', async ({ page }) => {
    await open(page, '/pricing');
    await expect(
      page.getByRole('article', { name: 'Lite' }).getByRole('link', { name: 'Get Started' }),
    ).toHaveAttribute('href', '/auth?redirect=/subscribe/free&tab=register');
    await expect(plusButton(page)).toHaveAttribute('href', '/auth?redirect=/subscribe/pro&tab=register');
    await expect(
      page.getByRole('article', { name: 'Practice' }).getByRole('link', { name: 'Start Free Trial' }),
    ).toHaveAttribute('href', '/auth?redirect=/subscribe/clinic&tab=register');
    // A visitor starting a trial is most likely new: the form that opens is the one that makes an account.
    await plusButton(page).click();
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/redirect=\/subscribe\/pro/);
  });

  test('signed in, a plan leads straight to its subscribe page, and Lite is marked as theirs', async ({
    page,
  }) => {
    await registerViaApi(page);
    await open(page, '/pricing');
    await expect(plusButton(page)).toHaveAttribute('href', '/subscribe/pro');
    await expect(
      page.getByRole('article', { name: 'Practice' }).getByRole('link', { name: 'Start Free Trial' }),
    ).toHaveAttribute('href', '/subscribe/clinic');
    // A new account is on Lite: its card says so, and offers no way to choose it again.
    const lite = page.getByRole('article', { name: 'Lite' });
    await expect(lite.getByText('Current plan', { exact: true })).toBeVisible();
    await expect(lite.getByRole('link')).toHaveCount(0);
    await expect(page.getByText('Current plan', { exact: true })).toHaveCount(1);
  });

  test('the plans at the product prices', async ({ page }) => {
    await open(page, '/pricing');
    const plus = page.getByRole('article', { name: 'Plus' });
    await expect(plus).toContainText('MOST POPULAR');
    await expect(plus).toContainText('£99.80/month inc. VAT');
    await expect(plus).toContainText('Charged after 2 week free trial');
    await expect(plus).toContainText('Full access to the ChairNotes note-writing app');
    await expect(page.getByRole('article', { name: 'Practice' })).toContainText('Everything in Plus, and:');
    await expect(page.getByRole('article', { name: 'Lite' })).toContainText('Free');
    await expect(page.getByRole('article', { name: 'Lite' })).toContainText(
      'Not included: Unlimited appointments',
    );
    // What each choice gives: Lite has no note app; Practice covers the deployment's PRACTICE_SEATS.
    await expect(page.getByRole('article', { name: 'Lite' })).toContainText(
      'Not included: Access to the ChairNotes note-writing app',
    );
    await expect(page.getByRole('article', { name: 'Practice' })).toContainText(
      'Full access to the ChairNotes note-writing app, for up to 10 people in your practice, you included',
    );
    await expect(page.getByRole('article', { name: 'Practice' })).toContainText('£149.80');
  });

  test('the prices are in the page before the API answers; its answer replaces them where it differs', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/subscription-plans', async (route) => {
      await held;
      const plans = await (await route.fetch()).json();
      plans[1].price = 109.8;
      await route.fulfill({ json: plans });
    });
    await page.goto('/pricing');
    const plus = page.getByRole('article', { name: 'Plus' });
    await expect(plus).toContainText('£99.80/month inc. VAT');
    await expect(page.getByRole('status', { name: 'Loading plans' })).toHaveCount(0);
    release();
    await expect(plus).toContainText('£109.80/month inc. VAT');
  });

  test('the prices are in the HTML itself', async ({ request }) => {
    const html = await (await request.get('/pricing')).text();
    expect(html).toContain('£99.80');
    expect(html).toContain('£149.80');
  });

  test('the built-in plans show, silently, when the plans cannot be loaded', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/api/subscription-plans', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Plans are down"}' }),
    );
    await page.goto('/pricing');
    for (const name of ['Lite', 'Plus', 'Practice']) {
      await expect(page.getByRole('article', { name })).toBeVisible();
    }
    await expect(page.getByText('Plans are down')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Chromium logs the 500 this test caused; the page itself says nothing.
    const expected = consoleErrors.filter((e) => /status of 500/.test(e));
    expect(expected.length).toBeLessThanOrEqual(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.includes(e)));
  });

  test("the server's plans are shown when it has some", async ({ page }) => {
    const served = PLANS.map((plan) =>
      plan.id === 'pro' ? { ...plan, price: 79.9, name: 'Plus Spring' } : plan,
    );
    await page.route('**/api/subscription-plans', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(served) }),
    );
    await page.goto('/pricing');
    await expect(page.getByRole('article', { name: 'Plus Spring' })).toContainText('£79.90');
    await expect(page.getByRole('article')).toHaveCount(3);
  });

  test('the built-in plans show when the server has none', async ({ page }) => {
    await page.route('**/api/subscription-plans', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/pricing');
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('article', { name: 'Plus' })).toContainText('£99.80');
  });
});

test.describe('contact', () => {
  test('validation messages appear on send and clear as the fields are corrected', async ({ page }) => {
    await open(page, '/contact');
    // The form's island hydrates when the reader reaches it (docs/decisions/080-marketing-pages-on-astro.md):
    // its button waits, disabled, until then.
    await page.getByRole('region', { name: 'Contact form' }).hover();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please write a message of at least 10 characters')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Name').fill('Dr Jones');
    await expect(page.getByText('Please enter your name')).toBeHidden();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a demo request is confirmed on screen and mailed to sales', async ({ page }) => {
    const name = `Dr ${uniqueUser().username}`;
    await open(page, '/contact?kind=demo');
    await expect(page.getByRole('radio', { name: 'Request a demo' })).toBeChecked();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email', { exact: true }).fill('demo.requester@example.co.uk');
    await page.getByLabel('Practice').fill('Smile Street Dental');
    await page.getByLabel('Message').fill('Three surgeries, we would like a demo on a Tuesday afternoon.');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
    await expect(page.getByRole('main')).toContainText("Thanks for getting in touch. We'll reply by email");
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Message sent');

    await expect
      .poll(async () => {
        const mail = await mailTo(SALES);
        return `${mail.subject}\n${mail.text}`;
      })
      .toContain(`Demo request from ${name}`);
    const mail = await mailTo(SALES);
    expect(mail.text).toContain('Smile Street Dental');
    expect(mail.text).toContain('demo.requester@example.co.uk');
  });

  test('a general question is the default, and a refusal shows as a failure toast', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"message":"Too many attempts. Please wait 10 minutes and try again."}',
      }),
    );
    await open(page, '/contact');
    await expect(page.getByRole('radio', { name: 'General question' })).toBeChecked();
    await page.getByLabel('Name').fill('Dr Jones');
    await page.getByLabel('Email', { exact: true }).fill('jones@example.co.uk');
    await page.getByLabel('Message').fill('Do you support multi-user practices?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message not sent', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Too many attempts. Please wait 10 minutes and try again.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });
});

test('newsletter: sign up, already subscribed, unsubscribe from the mail', async ({ page }) => {
  // Three pages, each checked with axe, and a mail.
  test.slow();
  const { email } = uniqueUser();
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Get product news' })).toBeVisible();
  const field = footer.getByLabel('Email address');
  const subscribe = footer.getByRole('button', { name: 'Subscribe' });

  await field.fill('not an email');
  await subscribe.click();
  await expect(footer.getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(email);
  await expect(footer.getByRole('alert')).toHaveCount(0);

  await subscribe.click();
  await expect(footer.getByRole('status')).toContainText('Thanks for subscribing!');
  await expect(field).toHaveValue('');

  const mail = await mailTo(email);
  const link = mail.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  await field.fill(email);
  await subscribe.click();
  await expect(footer.getByRole('status')).toContainText("You're already subscribed");
  await expect(footer.getByRole('alert')).toHaveCount(0);

  // The link asks first: opening it (as a mail scanner would) changes nothing.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from ChairNotes news?');
  await expectNoAxeViolations(page);
  await page.goto(link!);
  const button = page.getByRole('button', { name: 'Unsubscribe' });
  await button.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been unsubscribed');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(button).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The link is used up: the page says so when the button is pressed again.
  await page.goto(link!);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This unsubscribe link is not valid');
  await expectNoAxeViolations(page);
});

test.describe('referral programme', () => {
  test('explains the scheme and its limit to a visitor', async ({ page }) => {
    await open(page, '/referral-program');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toContainText('up to 12 free months in any rolling 12 months');
    await expect(main).toContainText('need an active subscription');
    await expect(main.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Get Started Now' }).first()).toHaveAttribute(
      'href',
      '/auth',
    );
    const answer = main.getByText('Yes: up to 12 free months');
    await expect(answer).toBeHidden();
    await main.getByText('Is there a limit?').click();
    await expect(answer).toBeVisible();
  });

  test('a signed-in user is sent to their referral page', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/referral-program');
    await expect(page).toHaveURL(/\/refer$/);
  });
});

test('security: from any footer, a page in plain words with the sessions the product keeps, and where to report', async ({
  page,
  request,
}) => {
  await open(page, '/pricing');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  // The figures are the product's own (src/shared/constants.ts).
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions).toContainText('until 30 days pass without using it, and never longer than 90 days');
  await expect(page.getByRole('region', { name: 'Signing in' })).toContainText('at least 8 characters');
  await expect(sessions).toContainText('30 minutes unused and 12 hours at most.');
  // The operator's text, a sample until they replace it.
  await expect(page.getByRole('region', { name: 'Where your data is kept' })).toContainText(
    'This paragraph is a sample, to be replaced by the operator of this service.',
  );
  // The in-page links scroll to their sections, below the fixed header.
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Encryption' })
    .click();
  await expect(page.getByRole('heading', { name: 'Encryption' })).toBeInViewport();
  await expectNoAxeViolations(page);

  await expect(page.getByRole('region', { name: 'Reporting a vulnerability' })).toContainText(
    'at the address in our security.txt, with what you found',
  );
  const report = page.getByRole('region', { name: 'Reporting a vulnerability' }).getByRole('link', {
    name: 'security.txt',
  });
  const txt = await request.get((await report.getAttribute('href')) ?? '');
  expect(txt.status()).toBe(200);
  expect(await txt.text()).toMatch(/^Contact: mailto:.+\nExpires: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n/);
});
