import { teamLogoResponseSchema, type TeamLogo } from '@teamhire/shared';
import { uploadWithProgress, type UploadHandle } from '../../../lib/file-transfer';

/** Uploads or replaces the team's logo, reporting progress; the caller refreshes the team. */
export function uploadTeamLogo(
  teamId: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<TeamLogo> {
  return uploadWithProgress(`/api/teams/${teamId}/logo`, file, teamLogoResponseSchema, onProgress);
}
