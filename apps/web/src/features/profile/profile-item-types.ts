import type {
  Certificate,
  CertificateInput,
  Education,
  EducationInput,
  Experience,
  ExperienceInput,
  ProfileKind,
  Skill,
  SkillInput,
} from '@teamhire/shared';

/** The item each kind of the API path holds; the kinds are also the keys of the profile answer. */
export interface ProfileItemsByKind {
  experiences: Experience;
  skills: Skill;
  certificates: Certificate;
  education: Education;
}

export interface ProfileInputsByKind {
  experiences: ExperienceInput;
  skills: SkillInput;
  certificates: CertificateInput;
  education: EducationInput;
}

export type ProfileItem<K extends ProfileKind> = ProfileItemsByKind[K];
export type ProfileItemInput<K extends ProfileKind> = ProfileInputsByKind[K];
