import type {
  CertificateInput,
  EducationInput,
  ExperienceInput,
  ProfileItemsByKind,
  ProfileKind,
  SkillInput,
} from '@teamhire/shared';

export interface ProfileInputsByKind {
  experiences: ExperienceInput;
  skills: SkillInput;
  certificates: CertificateInput;
  education: EducationInput;
}

export type ProfileItem<K extends ProfileKind> = ProfileItemsByKind[K];
export type ProfileItemInput<K extends ProfileKind> = ProfileInputsByKind[K];
