/**
 * Built-in sample data of the sandbox platform: a category tree and projects in the v2 shapes of
 * docs/platform.md#the-category-tree and docs/platform.md#projects-and-topics (made-up values), and
 * the uploaded-file paths it knows.
 */

/** A category as the sandbox holds it: `name` is Chinese, `name_en` is served for `Accept-Language: en`. */
export interface SandboxCategory {
  readonly id: number;
  readonly name: string;
  readonly name_en?: string;
  readonly children?: readonly SandboxCategory[];
}

const leaf = (id: number, name: string, nameEn: string): SandboxCategory => ({ id, name, name_en: nameEn, children: [] });

export const DEFAULT_CATEGORIES: readonly SandboxCategory[] = [
  {
    id: 2,
    name: '金属材料',
    name_en: 'Metallic materials',
    children: [
      {
        id: 5,
        name: '高温合金',
        name_en: 'Superalloys',
        children: [leaf(12, '镍基高温合金', 'Ni-based superalloys'), leaf(13, '钴基高温合金', 'Co-based superalloys')],
      },
      {
        id: 6,
        name: '钢铁材料',
        name_en: 'Steels',
        children: [leaf(16, '结构钢', 'Structural steels'), leaf(17, '超高强度钢', 'Ultra-high-strength steels')],
      },
      leaf(15, '钛合金', 'Titanium alloys'),
    ],
  },
  {
    id: 3,
    name: '能源材料',
    name_en: 'Energy materials',
    children: [leaf(21, '热电材料', 'Thermoelectric materials'), leaf(22, '电池材料', 'Battery materials')],
  },
  { id: 4, name: '信息功能材料', name_en: 'Functional materials', children: [leaf(27, '薄膜材料', 'Thin films')] },
];

/** Projects in the v2 `MaterialProject.to_dict` shape, with their subjects (docs/platform.md#projects-and-topics). */
export const DEFAULT_PROJECTS: readonly Record<string, unknown>[] = [
  {
    id: '2016YFB0700100',
    name: '示例材料基因工程项目',
    leader: '王五',
    leader_fk: 'wangwu',
    institution: '示例大学',
    leader_contact_method: 'wangwu@example.edu.cn',
    responsible_expert: '赵六',
    created_time: '2019-03-01 09:00:00',
    subjects: [
      {
        id: '2016YFB0700101',
        project_id: '2016YFB0700100',
        name: '示例课题一',
        leader: '钱七',
        leader_fk: 'qianqi',
        institution: '示例研究所',
        leader_contact_method: 'qianqi@example.ac.cn',
      },
      {
        id: '2016YFB0700102',
        project_id: '2016YFB0700100',
        name: '示例课题二',
        leader: '孙八',
        leader_fk: 'sunba',
        institution: '示例大学',
        leader_contact_method: 'sunba@example.edu.cn',
      },
    ],
  },
  {
    id: '2017YFB0701900',
    name: '高通量计算与数据库示例项目',
    leader: '周九',
    leader_fk: 'zhoujiu',
    institution: '示例计算中心',
    leader_contact_method: 'zhoujiu@example.org',
    responsible_expert: '吴十',
    created_time: '2020-07-15 10:30:00',
    subjects: [
      {
        id: '2017YFB0701901',
        project_id: '2017YFB0701900',
        name: '热电材料数据课题',
        leader: '郑一',
        leader_fk: 'zhengyi',
        institution: '示例计算中心',
        leader_contact_method: 'zhengyi@example.org',
      },
    ],
  },
];

/**
 * Uploaded files the sandbox knows (paths after the platform strips `/media/`): those of the example
 * submissions in test/validate/example-submissions.json. Besides these, every path under a prefix of
 * `knownFilePrefixes` exists.
 */
export const DEFAULT_KNOWN_FILES: readonly string[] = [
  '_fs/data_images/2024/05/08/5b0c0f2e-8c1d-4d8e-a0b5-7f2a9c3d1e44.png',
  '_fs/data_files/2024/05/08/9d2a7c11-1f0e-4b3a-8d6c-2e5f7a9b0c12.csv',
  '_fs/data_images/2024/06/12/0c6e2b1d-3a51-4b0e-9a57-5f1d2c7e8a90.png',
];

/** @default prefix rule: anything under `/media/_fs/sandbox/` counts as uploaded. */
export const DEFAULT_KNOWN_FILE_PREFIXES: readonly string[] = ['_fs/sandbox/'];
