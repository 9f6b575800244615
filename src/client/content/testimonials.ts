// SAMPLE CONTENT, NOT REAL CUSTOMERS. These five testimonials are placeholders written for the layout:
// the operator replaces them with real, attributable quotes (with each person's permission) before
// launch. Keep five: the landing page shows the first two in a row of two and the rest in a row of
// three. `stars` is 1 to 5. Quotes over 160 characters are shortened with a 'Read more' toggle.

export type Testimonial = {
  quote: string;
  author: string;
  title: string;
  stars: 1 | 2 | 3 | 4 | 5;
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I used to finish my notes at the end of the day, long after the last patient had gone. Now they are written before the patient has left the chair, and they read better than mine ever did. The consent and discussion records alone have changed how I feel about audits.',
    author: 'Dr A. Sample',
    title: 'Associate dentist, sample practice',
    stars: 5,
  },
  {
    quote:
      'Setting up our templates took an afternoon. Every clinician in the practice now writes notes the same way.',
    author: 'Dr B. Example',
    title: 'Practice owner, sample practice',
    stars: 5,
  },
  {
    quote:
      'Patient letters used to be the job nobody wanted. Treatment letters, consent forms and referrals now come out of the appointment itself, ready to check and send, and our reception team has noticed the difference.',
    author: 'C. Placeholder',
    title: 'Practice manager, sample practice',
    stars: 4,
  },
  {
    quote: 'The notes differ from patient to patient, as they should. No more copy and paste.',
    author: 'Dr D. Sample',
    title: 'General dental practitioner, sample practice',
    stars: 5,
  },
  {
    quote:
      'We trialled it across three surgeries for two weeks before committing. The audits and key indicators gave us a clear picture of our record keeping for the first time, and the team did not want to go back.',
    author: 'Dr E. Example',
    title: 'Clinical director, sample group',
    stars: 5,
  },
];
