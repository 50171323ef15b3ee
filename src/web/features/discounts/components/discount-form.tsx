/**
 * The discounts' Add Post form (spec sections 2 "Discounts", 5 "Discount"): brand name, branch or
 * outlet, one logo image, one media file, description, discount (5–90 in steps of 5) and category,
 * with the phone-mock preview. ZCreateDiscount checks it before sending: a missing field →
 * MSG.discountRequired; no valid discount → MSG.discountRange; a second logo or media file →
 * MSG.discountOneLogo / MSG.discountOneMedia (refused by the pickers).
 */
import { Badge, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Media } from '../../../../shared/contracts/media';
import { DISCOUNT_CATEGORIES, DISCOUNT_OPTIONS, ZCreateDiscount } from '../../../../shared/contracts/posts';
import { MSG } from '../../../../shared/messages';
import { MediaPicker } from '../../../components/media-picker';
import { PhonePreview } from '../../../mechanisms/posts/phone-preview';
import { usePostForm } from '../../../mechanisms/posts/post-form';
import { PostFormLayout } from '../../../mechanisms/posts/post-screen';
import { useUser } from '../../../lib/user-context';
import { discounts } from '../api/discounts';
import { bindText, REQUIRED_CHOICE } from '../../../lib/use-form-errors';
import { PostDescription } from '../../../mechanisms/posts/post-description';

const PERCENT_DATA = DISCOUNT_OPTIONS.map((n) => ({ value: String(n), label: `${n}%` }));

export function DiscountForm({ onClose }: { onClose: () => void }) {
  const { societyName } = useUser();
  const [brandName, setBrandName] = useState('');
  const [branch, setBranch] = useState('');
  const [logo, setLogo] = useState<Media[]>([]);
  const [media, setMedia] = useState<Media[]>([]);
  const [description, setDescription] = useState('');
  const [discount, setDiscount] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [logoBusy, setLogoBusy] = useState(false);
  const [mediaBusy, setMediaBusy] = useState(false);
  const form = usePostForm(discounts, ZCreateDiscount, onClose);

  const save = () => {
    form.save({
      brandName,
      branch,
      logoMediaId: logo[0]?.id,
      mediaId: media[0]?.id,
      description,
      discount: discount === null ? undefined : Number(discount),
      category: category ?? undefined,
    });
  };

  const details =
    discount !== null || category !== null ? (
      <Group gap="xs">
        {discount !== null ? (
          <Badge color="red" variant="filled">
            {discount}% OFF
          </Badge>
        ) : null}
        {category !== null ? <Badge variant="light">{category}</Badge> : null}
      </Group>
    ) : undefined;

  return (
    <PostFormLayout
      label="New discount"
      onSubmit={save}
      onCancel={onClose}
      busy={logoBusy || mediaBusy}
      saving={form.saving}
      preview={
        <PhonePreview
          societyName={societyName}
          title={brandName.trim()}
          subtitle={branch.trim()}
          logo={logo[0] ?? null}
          description={description}
          media={media}
          details={details}
        />
      }
    >
      <TextInput label="Brand name" withAsterisk {...bindText(brandName, setBrandName)} maxLength={100} error={form.errorOf('brandName')} />
      <TextInput label="Branch or outlet" withAsterisk {...bindText(branch, setBranch)} maxLength={200} error={form.errorOf('branch')} />
      <MediaPicker
        label="Logo"
        accept="image"
        value={logo}
        onChange={setLogo}
        max={1}
        tooManyMessage={MSG.discountOneLogo}
        onBusyChange={setLogoBusy}
        error={form.errorOf('logoMediaId')}
      />
      <MediaPicker
        label="Media"
        value={media}
        onChange={setMedia}
        max={1}
        tooManyMessage={MSG.discountOneMedia}
        onBusyChange={setMediaBusy}
        error={form.errorOf('mediaId')}
      />
      <PostDescription value={description} onChange={setDescription} error={form.errorOf('description')} />
      <Group grow align="flex-start">
        <Select
          label="Discount"
          placeholder="Choose %"
          data={PERCENT_DATA}
          value={discount}
          onChange={setDiscount}
          error={form.errorOf('discount')}
          {...REQUIRED_CHOICE}
        />
        <Select
          label="Category"
          placeholder="Choose a category"
          data={[...DISCOUNT_CATEGORIES]}
          value={category}
          onChange={setCategory}
          error={form.errorOf('category')}
          {...REQUIRED_CHOICE}
        />
      </Group>
    </PostFormLayout>
  );
}
