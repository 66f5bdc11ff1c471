import { describe, expect, it } from 'vitest';
import { isAuthPath, matchRoute, screenKind } from '../src/app/paths';

describe('route table', () => {
  it('knows every route of the web app', () => {
    const expected: Record<string, string> = {
      '/login': 'login',
      '/signup': 'signup',
      '/verify-email': 'verifyEmail',
      '/request-password-reset': 'requestPasswordReset',
      '/reset-password': 'resetPassword',
      '/payment-success': 'paymentSuccess',
      '/projects': 'projects',
      '/projects/new': 'newProject',
      '/project/1/detail': 'projectDetail',
      '/project/1/homepage': 'projectHomepage',
      '/project/1/page/about-us': 'previewPage',
      '/project/1/service/roofing': 'previewService',
      '/project/1/states': 'previewStates',
      '/project/1/counties/tx': 'previewCounties',
      '/project/1/cities/48201': 'previewCities',
      '/project/1/city/77': 'previewCity',
      '/projects/1/settings': 'projectSettings',
      '/projects/1/edit': 'editHomepage',
      '/projects/1/page/about-us/edit': 'editPage',
      '/projects/1/service/roofing/edit': 'editService',
      '/projects/1/city/77/edit': 'editCity',
      '/projects/1/city/77/service/roof-repair/edit': 'editServiceCity',
      '/upload': 'upload',
      '/admin/users': 'adminUsers',
      '/profile': 'profile',
      '/plans': 'plans',
    };
    for (const [path, name] of Object.entries(expected)) expect(matchRoute(path), path).toBe(name);
    expect(matchRoute('/')).toBeNull();
    expect(matchRoute('/project/1')).toBeNull();
  });

  it('tells auth paths apart', () => {
    expect(isAuthPath('/login')).toBe(true);
    expect(isAuthPath('/reset-password/')).toBe(true);
    expect(isAuthPath('/payment-success')).toBe(false);
    expect(isAuthPath('/projects')).toBe(false);
  });

  it('picks the loading placeholder by screen kind', () => {
    expect(screenKind('/login')).toBe('auth');
    expect(screenKind('/projects')).toBe('project-list');
    expect(screenKind('/project/1/detail')).toBe('project-detail');
    expect(screenKind('/project/1/states')).toBe('project-detail');
    expect(screenKind('/projects/1/settings')).toBe('project-settings');
    expect(screenKind('/projects/1/city/2/edit')).toBe('project-edit');
    expect(screenKind('/projects/1/city/2/service/roofs/edit')).toBe('project-edit');
    expect(screenKind('/profile')).toBe('profile');
    expect(screenKind('/admin/users')).toBe('admin');
    expect(screenKind('/upload')).toBe('upload');
    expect(screenKind('/no/such/place')).toBe('project-list');
  });
});
