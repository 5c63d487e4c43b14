import { useActorRef, useSelector } from '@xstate/react';
import { FileTrigger } from 'react-aria-components';
import { AVATAR_ACCEPT, AVATAR_UPLOAD, type Profile } from '@contracts/people';
import { formatBytes } from '@contracts/common/uploads';
import { profileAvatarMachine, selectAvatarBusy, selectAvatarError, selectAvatarUrl, selectHasAvatar } from '../machines/profile-avatar.machine';
import { Avatar, Button, Card } from '@/shared/ui/components';
import styles from './ProfileAvatar.module.css';

const HINT_ID = 'avatar-hint';
const ERROR_ID = 'avatar-error';

/** The person's picture on their profile: upload one (PNG, JPEG or WebP) or remove it; their initials show without one. */
export function ProfileAvatar({ profile }: { profile: Profile }) {
  const avatar = useActorRef(profileAvatarMachine, { input: { id: profile.id, version: profile.avatarVersion } });
  const url = useSelector(avatar, selectAvatarUrl);
  const error = useSelector(avatar, selectAvatarError);
  const has = useSelector(avatar, selectHasAvatar);
  const busy = useSelector(avatar, selectAvatarBusy);
  return (
    <Card>
      <h2 className={styles.heading}>Avatar</h2>
      <div className={styles.row}>
        <Avatar name={profile.name} src={url} colourKey={profile.id} size="xl" />
        <div className={styles.controls}>
          <div className={styles.buttons}>
            <FileTrigger acceptedFileTypes={AVATAR_ACCEPT.split(',')} onSelect={(list) => list?.[0] && avatar.send({ type: 'avatar.choose', file: list[0] })}>
              <Button size="sm" isPending={busy} aria-describedby={error ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}>
                {has ? 'Upload a new picture' : 'Upload a picture'}
              </Button>
            </FileTrigger>
            {has ? (
              <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => avatar.send({ type: 'avatar.remove' })}>
                Remove
              </Button>
            ) : null}
          </div>
          <p id={HINT_ID} className={styles.hint}>
            PNG, JPEG or WebP, up to {formatBytes(AVATAR_UPLOAD.fileBytes)}. It shows in the header and on the org chart; without one, your initials show.
          </p>
          {error ? (
            <p id={ERROR_ID} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
