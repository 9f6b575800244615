// The landing page's sample (issue 18: a visitor sees what the product makes in five seconds): a short
// routine examination note as a UK general dentist records it, for a fictional patient. Plain text in
// the prerendered HTML, not an image, so search engines and screen readers get it too.

export const SAMPLE_NOTE = {
  heading: 'Routine examination',
  meta: 'Adult patient · 25 min appointment · written by ChairNotes from the audio',
  sections: [
    {
      label: 'Complaint',
      text: 'No complaints. Attending for routine examination. Occasional sensitivity UL to cold drinks.',
    },
    {
      label: 'Medical history',
      text: 'Updated and signed. New since last visit: amlodipine 5 mg once daily for hypertension. No known allergies. Non-smoker; alcohol about 6 units a week.',
    },
    {
      label: 'Examination',
      text: 'E/O: TMJ, lymph nodes and soft tissues NAD. I/O: oral cancer screen NAD. Plaque and calculus lower anteriors. Buccal cervical abrasion 24, 25.',
    },
    { label: 'BPE', text: '2 | 1 | 2 / 3 | 1 | 2 (4 mm pocket 46 distal).' },
    {
      label: 'Radiographs',
      text: 'Right and left bitewings. Justification: caries and periodontal assessment, last bitewings 24 months ago. Grade A (diagnostically acceptable). Report: distal caries 26 into outer third of dentine; horizontal bone loss under 15 %.',
    },
    {
      label: 'Options and consent',
      text: '26 DO: composite or monitor with fluoride, risks and benefits of each explained; patient chose composite. 24, 25: desensitising toothpaste first, glass ionomer if it persists. Costs given in writing. Verbal consent obtained.',
    },
    {
      label: 'Plan',
      text: '1. Scale and polish with OHI (interdental brushes, size 2). 2. 26 DO composite, LA. 3. Review 24, 25 sensitivity.',
    },
    { label: 'Recall', text: '6 months (medium caries risk). Bitewings again in 12 months.' },
  ],
} as const;
