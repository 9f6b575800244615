import {
  ChartColumn,
  FileText,
  type LucideIcon,
  Mail,
  Mic,
  MousePointerClick,
  SlidersHorizontal,
  Sparkles,
} from 'lucide-react';

// The landing page's features section (docs/architecture.md#product and docs/architecture.md#entities): a hero panel, then six cards on a
// three-column grid. A card spans one or two columns; keep each row's spans adding up to 3.

type FeatureCard = { title: string; description: string; icon: LucideIcon; span: 1 | 2 };

export const FEATURES_INTRO = {
  heading: 'Everything a clinical record needs',
  text: 'Less time writing, more time with patients.',
};

export const FEATURE_PANEL = {
  title: 'AI-powered prediction and expert-approved smart records',
  description:
    'Notes that are fast and accurate, built on smart records approved by dental experts, and shareable with a community of colleagues.',
  icon: Sparkles,
  points: ['Designed by dentists', 'New features every few days', 'Cancel anytime'],
};

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
    description:
      'Note audits and key indicators for the whole practice, so you can see where your records stand.',
    icon: ChartColumn,
    span: 2,
  },
];
