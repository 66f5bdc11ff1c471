import {
  APP_SUFFIX,
  type FakeNetlifyAccount,
  type FakeNetlifyDeploy,
  type FakeNetlifySite,
} from './netlify-state.ts';

// The fake's state as Netlify's API answers it.

function siteHost(site: FakeNetlifySite) {
  return site.customDomain ?? `${site.name}${APP_SUFFIX}`;
}

export function deployJson(deploy: FakeNetlifyDeploy, site: FakeNetlifySite) {
  const preview = `${deploy.id}--${site.name}${APP_SUFFIX}`;
  return {
    id: deploy.id,
    site_id: site.id,
    name: site.name,
    state: deploy.state,
    draft: deploy.draft,
    required: deploy.required,
    required_functions: [],
    url: `http://${siteHost(site)}`,
    ssl_url: `https://${siteHost(site)}`,
    deploy_url: `http://${preview}`,
    deploy_ssl_url: `https://${preview}`,
    admin_url: `https://app.netlify.com/sites/${site.name}`,
    error_message: deploy.errorMessage,
    created_at: deploy.createdAt,
    updated_at: deploy.updatedAt,
    published_at: deploy.publishedAt,
  };
}

export function accountJson(account: FakeNetlifyAccount, sites: number) {
  return {
    id: account.id,
    name: account.name,
    slug: account.slug,
    type: 'team',
    type_name: 'Starter',
    capabilities: {
      sites: { included: 500, used: sites },
      collaborators: { included: 1, used: 1 },
    },
    roles_allowed: ['Owner'],
    created_at: account.createdAt,
    updated_at: account.createdAt,
  };
}

export function siteJson(
  site: FakeNetlifySite,
  deploys: Map<string, FakeNetlifyDeploy>,
  account: FakeNetlifyAccount,
) {
  const published = site.publishedDeployId ? deploys.get(site.publishedDeployId) : undefined;
  return {
    id: site.id,
    site_id: site.id,
    name: site.name,
    account_id: account.id,
    account_slug: account.slug,
    account_name: account.name,
    state: 'current',
    url: `http://${siteHost(site)}`,
    ssl_url: `https://${siteHost(site)}`,
    admin_url: `https://app.netlify.com/sites/${site.name}`,
    default_domain: `${site.name}${APP_SUFFIX}`,
    custom_domain: site.customDomain,
    domain_aliases: site.domainAliases,
    published_deploy: published ? deployJson(published, site) : null,
    created_at: site.createdAt,
    updated_at: site.updatedAt,
  };
}
