import { expect, expectNoAxeViolations, mailTo, test } from '../fixtures';
import { joinedClinician, practiceOwner } from '../practice-steps';

// A practice's owner freezes its subscription with a member in it (issue 44): before choosing, the
// dialog says the member loses the note app too; after, the Subscription tab says so, the member is told
// by mail, and the member's own screens show the note app closed.

test('the owner freezes the practice: told before and after that the member loses the note app, the member mailed', async ({
  page,
  browser,
}) => {
  const owner = await practiceOwner(page);
  const { page: them, context, member } = await joinedClinician(page, browser);
  try {
    await page.goto('/account?tab=subscription');
    await page.getByRole('button', { name: 'Freeze Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze your subscription?' });
    await expect(dialog).toContainText(
      'The other member of your practice loses the note app too until it resumes; we tell them by mail.',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Freeze Subscription' }).click();
    await expect(dialog).toBeHidden();
    const summary = page.getByRole('region', { name: 'Manage subscription' });
    await expect(summary).toContainText(/Your subscription is frozen until/);
    await expect(summary).toContainText(
      'The other member of your practice cannot use the note app either until then.',
    );

    const mail = await mailTo(member.email, "Your practice's ChairNotes subscription is frozen");
    expect(mail.text).toContain(`The owner of ${owner.username}'s practice froze its subscription`);
    // The member's own header offers no note app while it is frozen.
    await them.goto('/account');
    await expect(them.getByRole('button', { name: 'My Account' })).toBeVisible();
    await expect(them.getByRole('link', { name: 'Open ChairNotes' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
