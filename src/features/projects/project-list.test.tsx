import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProjectList } from './project-list';

const projects = Array.from({ length: 1000 }, (_, i) => ({
  id: `prj_${i}`,
  title: `Song ${i}`,
  projectUrl: `/api/v1/projects/prj_${i}`,
}));

describe('ProjectList', () => {
  it('keeps only the rows in view in the DOM for 1,000 projects, newest (first) on top', () => {
    render(
      <MemoryRouter>
        <ProjectList projects={projects} />
      </MemoryRouter>,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(80);
    expect(rows[0]?.textContent).toContain('Song 0');
    expect(screen.getByRole('link', { name: 'Song 0' }).getAttribute('href')).toBe(
      '/projects/prj_0',
    );
    expect(screen.queryByText('Song 999')).toBeNull();
    expect(screen.getByRole('list', { name: 'Projects' }).style.height).toBe('48000px');
  });
});
