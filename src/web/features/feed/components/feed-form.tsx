/**
 * The feed's Add Post form (spec sections 2 "Feed posts", 5 "Feed post"): a YouTube link OR up to
 * 5 media (images or videos), and a description, with the phone-mock preview. The rules are
 * ZCreateFeedPost's, checked here before sending: both or neither → MSG.feedLinkOrMedia; a sixth
 * file → MSG.tooManyMedia; choosing a file while a link is filled → MSG.feedFileWhileLink.
 */
import { TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { Media } from '../../../../shared/contracts/media';
import { MAX_POST_MEDIA, ZCreateFeedPost } from '../../../../shared/contracts/posts';
import { MSG } from '../../../../shared/messages';
import { MediaPicker } from '../../../components/media-picker';
import { PhonePreview } from '../../../mechanisms/posts/phone-preview';
import { usePostForm } from '../../../mechanisms/posts/post-form';
import { PostFormLayout } from '../../../mechanisms/posts/post-screen';
import { useUser } from '../../../lib/user-context';
import { feedPosts } from '../api/feed-posts';
import { bindText } from '../../../lib/use-form-errors';
import { PostDescription } from '../../../mechanisms/posts/post-description';

export function FeedForm({ onClose }: { onClose: () => void }) {
  const { societyName } = useUser();
  const [youtubeLink, setYoutubeLink] = useState('');
  const [media, setMedia] = useState<Media[]>([]);
  const [description, setDescription] = useState('');
  const [uploading, setUploading] = useState(false);
  const form = usePostForm(feedPosts, ZCreateFeedPost, onClose);
  const link = youtubeLink.trim();

  const beforePick = useCallback(() => (youtubeLink.trim() !== '' ? MSG.feedFileWhileLink : undefined), [youtubeLink]);

  const save = () => {
    form.save({
      description,
      youtubeLink: link === '' ? undefined : link,
      mediaIds: media.length > 0 ? media.map((m) => m.id) : undefined,
    });
  };

  return (
    <PostFormLayout
      label="New feed post"
      onSubmit={save}
      onCancel={onClose}
      busy={uploading}
      saving={form.saving}
      preview={<PhonePreview societyName={societyName} title={societyName} description={description} media={media} youtubeLink={link} />}
    >
      <TextInput
        label="YouTube link"
        placeholder="https://www.youtube.com/watch?v=…"
        {...bindText(youtubeLink, setYoutubeLink)}
        maxLength={500}
        error={form.errorOf('youtubeLink')}
        autoComplete="off"
      />
      <MediaPicker
        label="Media"
        value={media}
        onChange={setMedia}
        max={MAX_POST_MEDIA}
        tooManyMessage={MSG.tooManyMedia}
        beforePick={beforePick}
        onBusyChange={setUploading}
        error={form.errorOf('mediaIds')}
      />
      <PostDescription value={description} onChange={setDescription} error={form.errorOf('description')} />
    </PostFormLayout>
  );
}
