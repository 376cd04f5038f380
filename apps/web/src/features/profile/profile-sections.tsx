import type { ProfileKind } from '@teamhire/shared';
import { Award, BriefcaseBusiness, GraduationCap, Sparkles } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { CertificateCard } from './components/certificate-card';
import { EducationCard } from './components/education-card';
import { ExperienceCard } from './components/experience-card';
import { SkillCard } from './components/skill-card';
import type { ProfileItem } from './profile-item-types';

export interface ProfileSectionDefinition<K extends ProfileKind> {
  kind: K;
  heading: string;
  /** One item, as in 'Add Experience' and 'Skill updated'. */
  itemLabel: string;
  emptyText: string;
  icon: ReactNode;
  /** How the item is named in button labels and in the delete confirmation. */
  itemName: (item: ProfileItem<K>) => string;
  Card: ComponentType<{ item: ProfileItem<K>; actions?: ReactNode }>;
}

const iconClassName = 'size-5 text-indigo-600';

export const PROFILE_SECTIONS: { [K in ProfileKind]: ProfileSectionDefinition<K> } = {
  experiences: {
    kind: 'experiences',
    heading: 'Experience',
    itemLabel: 'Experience',
    emptyText: 'No experience added yet',
    icon: <BriefcaseBusiness aria-hidden="true" className={iconClassName} />,
    itemName: (item) => `${item.title} at ${item.company}`,
    Card: ExperienceCard,
  },
  skills: {
    kind: 'skills',
    heading: 'Skills',
    itemLabel: 'Skill',
    emptyText: 'No skills added yet',
    icon: <Sparkles aria-hidden="true" className={iconClassName} />,
    itemName: (item) => item.name,
    Card: SkillCard,
  },
  certificates: {
    kind: 'certificates',
    heading: 'Certificates',
    itemLabel: 'Certificate',
    emptyText: 'No certificates added yet',
    icon: <Award aria-hidden="true" className={iconClassName} />,
    itemName: (item) => item.name,
    Card: CertificateCard,
  },
  education: {
    kind: 'education',
    heading: 'Education',
    itemLabel: 'Education',
    emptyText: 'No education added yet',
    icon: <GraduationCap aria-hidden="true" className={iconClassName} />,
    itemName: (item) => `${item.degree}, ${item.institution}`,
    Card: EducationCard,
  },
};
