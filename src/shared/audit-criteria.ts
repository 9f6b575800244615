/**
 * The record-keeping criteria the note app audits each note against (docs/note-app-integration.md#reports),
 * after FGDP(UK)'s *Clinical Examination and Record-Keeping* good practice guidelines. One set, versioned:
 * a report names the set it was audited against (`criteriaSet`), and a code once published keeps its meaning;
 * a new criterion is a new code in a new version, never a changed one.
 */
export const AUDIT_CRITERIA = {
  set: 'fgdp-record-keeping',
  version: '2026.1',
  criteria: [
    {
      code: 'medical_history',
      label: 'Medical history',
      guidance: 'Taken or updated, signed and dated, with medicines and allergies.',
    },
    {
      code: 'presenting_complaint',
      label: 'Presenting complaint',
      guidance: "The reason for attendance in the patient's words, or that there was none.",
    },
    {
      code: 'extra_oral_examination',
      label: 'Extra-oral examination',
      guidance: 'Face, lymph nodes, TMJ and muscles of mastication, findings or "no abnormality".',
    },
    {
      code: 'intra_oral_examination',
      label: 'Intra-oral and soft tissue examination',
      guidance: 'Soft tissues, including an oral cancer screen, and the teeth charted.',
    },
    {
      code: 'bpe',
      label: 'Periodontal screening (BPE)',
      guidance: 'Scores for each sextant, or why it was not recorded.',
    },
    {
      code: 'risk_assessment',
      label: 'Risk assessments',
      guidance: 'Caries, periodontal, oral cancer and tooth wear risk, with the factors behind them.',
    },
    {
      code: 'radiograph_justification',
      label: 'Radiograph justification',
      guidance: 'Why each radiograph was taken, or why none was needed.',
    },
    {
      code: 'radiograph_report',
      label: 'Radiograph report',
      guidance: 'Findings and image quality for each radiograph taken.',
    },
    { code: 'diagnosis', label: 'Diagnosis', guidance: 'Each condition found, with the tooth or area.' },
    {
      code: 'treatment_options',
      label: 'Options with risks and benefits',
      guidance: 'Each option discussed, including none, with its risks, benefits and prognosis.',
    },
    {
      code: 'consent',
      label: 'Valid consent',
      guidance: 'What the patient agreed to, that they understood it, and any questions asked.',
    },
    {
      code: 'costs',
      label: 'Costs discussed',
      guidance: 'The cost of the treatment agreed, and the NHS or private band.',
    },
    {
      code: 'recall_interval',
      label: 'Recall interval',
      guidance: 'The interval chosen, after NICE CG19, and why.',
    },
    {
      code: 'referral',
      label: 'Referral',
      guidance: 'Where a referral was made: to whom, why, and how urgently.',
    },
  ],
} as const;

/** The kinds of appointment a note is written for. */
export const APPOINTMENT_TYPES = [
  'examination',
  'emergency',
  'hygiene',
  'restorative',
  'endodontic',
  'extraction',
  'prosthodontic',
  'orthodontic',
  'consultation',
  'other',
] as const;

/** How a note met a criterion. */
export const CRITERION_RESULTS = ['met', 'missing', 'not_applicable'] as const;

export const PATIENT_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;

/** The scope the note app's server asks for to send reports (client credentials). */
export const NOTES_REPORT_SCOPE = 'notes:report';
