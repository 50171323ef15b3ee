/**
 * The plots' Add Post form (spec sections 2 "Plots", 5 "Plot"): type, payment, area, baths and
 * rooms (1–6), phone (11 digits), description, location, price in rupees (> 0, shown in PKR) and
 * 1–5 images, with the phone-mock preview. ZCreatePlot checks it before sending: a missing field →
 * MSG.plotRequired; a phone that is not 11 digits → MSG.plotPhone; a sixth image → MSG.tooManyMedia.
 */
import { Badge, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { IconBath, IconBed, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import type { Media } from '../../../../shared/contracts/media';
import { MAX_PLOT_PRICE, MAX_POST_MEDIA, PLOT_AREAS, PLOT_COUNT_OPTIONS, PLOT_PAYMENTS, PLOT_TYPES, ZCreatePlot } from '../../../../shared/contracts/posts';
import { MSG } from '../../../../shared/messages';
import { MediaPicker } from '../../../components/media-picker';
import { PhonePreview } from '../../../mechanisms/posts/phone-preview';
import { usePostForm } from '../../../mechanisms/posts/post-form';
import { PostFormLayout } from '../../../mechanisms/posts/post-screen';
import { useUser } from '../../../lib/user-context';
import { plots } from '../api/plots';
import { formatPrice } from '../../../../shared/format/money';
import { bindText, REQUIRED_CHOICE } from '../../../lib/use-form-errors';
import { PostDescription } from '../../../mechanisms/posts/post-description';

const COUNTS = PLOT_COUNT_OPTIONS.map(String);
const toNumber = (v: string | null) => (v === null ? undefined : Number(v));

export function PlotForm({ onClose }: { onClose: () => void }) {
  const { societyName } = useUser();
  const [type, setType] = useState<string | null>(null);
  const [payment, setPayment] = useState<string | null>(null);
  const [area, setArea] = useState<string | null>(null);
  const [baths, setBaths] = useState<string | null>(null);
  const [rooms, setRooms] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [description, setDescription] = useState('');
  const [location, setLocation] = useState('');
  const [price, setPrice] = useState<string | number>('');
  const [images, setImages] = useState<Media[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = usePostForm(plots, ZCreatePlot, onClose);
  const priceValue = typeof price === 'number' && Number.isFinite(price) ? price : undefined;

  const save = () => {
    form.save({
      type: type ?? undefined,
      payment: payment ?? undefined,
      area: area ?? undefined,
      baths: toNumber(baths),
      rooms: toNumber(rooms),
      phone,
      description,
      location,
      price: priceValue,
      mediaIds: images.map((m) => m.id),
    });
  };

  const details = (
    <>
      <Text fw={700} c="teal" data-testid="preview-price">
        {priceValue !== undefined && priceValue > 0 ? formatPrice(priceValue) : 'PKR —'}
      </Text>
      <Group gap={6} mt={4}>
        {area ? <Badge variant="light">{area}</Badge> : null}
        {payment ? <Badge variant="outline">{payment}</Badge> : null}
        {rooms ? (
          <Badge leftSection={<IconBed size={12} aria-hidden />} variant="default">
            {rooms} rooms
          </Badge>
        ) : null}
        {baths ? (
          <Badge leftSection={<IconBath size={12} aria-hidden />} variant="default">
            {baths} baths
          </Badge>
        ) : null}
      </Group>
      {phone.trim() ? (
        <Group gap={4} mt={4}>
          <IconPhone size={14} aria-hidden />
          <Text size="xs">{phone.trim()}</Text>
        </Group>
      ) : null}
    </>
  );

  return (
    <PostFormLayout
      label="New plot"
      onSubmit={save}
      onCancel={onClose}
      busy={uploading}
      saving={form.saving}
      preview={
        <PhonePreview
          societyName={societyName}
          title={type ?? 'Plot for sale'}
          subtitle={location.trim()}
          description={description}
          media={images}
          details={details}
        />
      }
    >
      <Group grow align="flex-start">
        <Select label="Type" placeholder="Choose" data={[...PLOT_TYPES]} value={type} onChange={setType} error={form.errorOf('type')} {...REQUIRED_CHOICE} />
        <Select
          label="Payment"
          placeholder="Choose"
          data={[...PLOT_PAYMENTS]}
          value={payment}
          onChange={setPayment}
          error={form.errorOf('payment')}
          {...REQUIRED_CHOICE}
        />
        <Select label="Area" placeholder="Choose" data={[...PLOT_AREAS]} value={area} onChange={setArea} error={form.errorOf('area')} {...REQUIRED_CHOICE} />
      </Group>
      <Group grow align="flex-start">
        <Select label="Baths" placeholder="1–6" data={COUNTS} value={baths} onChange={setBaths} error={form.errorOf('baths')} {...REQUIRED_CHOICE} />
        <Select label="Rooms" placeholder="1–6" data={COUNTS} value={rooms} onChange={setRooms} error={form.errorOf('rooms')} {...REQUIRED_CHOICE} />
        <TextInput
          label="Phone"
          withAsterisk
          placeholder="03001234567"
          inputMode="numeric"
          maxLength={11}
          {...bindText(phone, setPhone)}
          error={form.errorOf('phone')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Location"
          withAsterisk
          leftSection={<IconMapPin size={16} aria-hidden />}
          value={location}
          onChange={(e) => setLocation(e.currentTarget.value)}
          maxLength={300}
          error={form.errorOf('location')}
        />
        <NumberInput
          label="Price (PKR)"
          withAsterisk
          value={price}
          onChange={setPrice}
          min={0}
          max={MAX_PLOT_PRICE}
          allowNegative={false}
          decimalScale={2}
          thousandSeparator=","
          hideControls
          error={form.errorOf('price')}
        />
      </Group>
      <PostDescription value={description} onChange={setDescription} error={form.errorOf('description')} />
      <MediaPicker
        label="Images"
        accept="image"
        value={images}
        onChange={setImages}
        max={MAX_POST_MEDIA}
        tooManyMessage={MSG.tooManyMedia}
        onBusyChange={setUploading}
        error={form.errorOf('mediaIds')}
      />
    </PostFormLayout>
  );
}
