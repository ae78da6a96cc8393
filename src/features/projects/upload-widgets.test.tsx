import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone';
import { StemModelSelect } from './stem-model-select';
import { UploadProgress } from './upload-progress';

describe('UploadProgress', () => {
  it('shows a real progress bar with bytes, percent, speed and time left', () => {
    const onCancel = vi.fn();
    render(
      <UploadProgress
        progress={{
          loaded: 512 * 1024,
          total: 2048 * 1024,
          bytesPerSecond: 256 * 1024,
          secondsLeft: 6,
        }}
        onCancel={onCancel}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('value')).toBe('25');
    expect(screen.getByText('512 KB of 2.0 MB · 25 % · 256 KB/s · 6 s left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says the project is being created once every byte is sent', () => {
    render(
      <UploadProgress
        progress={{ loaded: 100, total: 100, bytesPerSecond: 0, secondsLeft: 0 }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText('Uploaded. Creating the project…')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel upload' }).disabled).toBe(
      true,
    );
  });
});

describe('FileDropZone', () => {
  it('takes a dropped file and shows its name and size', () => {
    const onFile = vi.fn();
    const file = new File([new Uint8Array(3000)], 'song.wav', { type: 'audio/wav' });
    const { container, rerender } = render(<FileDropZone file={null} onFile={onFile} />);
    const zone = container.querySelector('.drop-zone');
    if (!zone) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    rerender(<FileDropZone file={file} onFile={onFile} error="This file is empty." />);
    expect(screen.getByText('song.wav · 2.9 KB')).toBeTruthy();
    expect(screen.getByLabelText('Audio or video file').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('StemModelSelect', () => {
  it('offers the service default and the 12 models by readable name', () => {
    const onChange = vi.fn();
    render(<StemModelSelect value="" onChange={onChange} />);
    const select = screen.getByRole('combobox');
    expect(select.querySelectorAll('option')).toHaveLength(13);
    fireEvent.change(select, { target: { value: 'vendorc_mdxnet_kara_2' } });
    expect(onChange).toHaveBeenCalledWith('vendorc_mdxnet_kara_2');
    expect(screen.getByText('Vendor C — MDX-Net Karaoke 2')).toBeTruthy();
  });
});
