import { ChartColumn, FileText, Mail, Mic, MousePointerClick, SlidersHorizontal } from 'lucide-react';

export type FeatureCard = { title: string; description: string; icon: typeof Mic; span: 1 | 2 };

// Spec sections 1 and 3: six cards, some spanning two columns (laid out as 2+1, 1+2, 1+2).
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'Notes from the appointment audio',
    description:
      'Clinical notes are written as you treat, with no typing and no dictation. Every note is different, like every patient.',
    icon: Mic,
    span: 2,
  },
  {
    title: 'Customise in the appointment',
    description: 'Adjust what goes into the record while the patient is still in the chair.',
    icon: SlidersHorizontal,
    span: 1,
  },
  {
    title: 'Your templates, converted',
    description: "Turn your practice's note templates into custom records.",
    icon: FileText,
    span: 1,
  },
  {
    title: 'Patient letters in one click',
    description: 'Treatment letters, consent forms and referrals at the click of a button.',
    icon: Mail,
    span: 2,
  },
  {
    title: 'One-tap consent and discussion',
    description: 'Record consent and the options discussed with a single tap.',
    icon: MousePointerClick,
    span: 1,
  },
  {
    title: 'Audits and key indicators',
    description: 'Note audits and key indicators for your practice, so you can see where records stand.',
    icon: ChartColumn,
    span: 2,
  },
];
