import { readFileSync } from 'node:fs';
import type { PlatformRecord } from '../../src/template/record-types.js';
import type { Field } from '../../src/template/template-types.js';
import { isValidRecord } from '../../src/validate/is-valid-record.js';
import { recordIssues, validateRecord } from '../../src/validate/validate-record.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';

interface Submission {
  template_id: number;
  body?: PlatformRecord;
  body_v2?: PlatformRecord;
}
const examples = JSON.parse(readFileSync(new URL('./example-submissions.json', import.meta.url), 'utf8')) as Submission[];

function body(id: number): PlatformRecord {
  const s = examples.find((e) => e.template_id === id)!;
  return JSON.parse(JSON.stringify(s.body ?? s.body_v2)) as PlatformRecord;
}

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function codes(record: unknown, id: number, width: 3 | 4): Array<[string, string]> {
  const template = sampleTemplate(id);
  // The full walk alone (validateRecord asks the fast check first, so it cannot be its own witness).
  const issues = recordIssues(record as PlatformRecord, template, { methodsWidth: width });
  // The fast check agrees with the full walk on every case here, valid or not.
  expect(isValidRecord(record as object, template.fields, template.id, width)).toBe(issues.length === 0);
  expect(validateRecord(record as PlatformRecord, template, { methodsWidth: width })).toEqual(issues);
  return issues.map((i) => [i.code, i.field]);
}

describe('validateRecord', () => {
  it('passes the example submissions of every field type and nesting', () => {
    expect(codes(body(101), 101, 3)).toEqual([]);
    const b102 = body(102) as unknown as Mutable;
    // The example sends keywords as a string, which the platform splits on spaces: the client insists on a list.
    expect(codes(b102, 102, 4)).toEqual([['META_KEYWORDS', 'meta.keywords']]);
    b102['meta']['keywords'] = ['Cu', 'thin film', 'XRD'];
    expect(codes(b102, 102, 4)).toEqual([]);
    expect(codes(body(103), 103, 4)).toEqual([]);
  });

  const cases: Array<[string, number, (r: Mutable) => void, Array<[string, string]>]> = [
    [
      'required missing (absent, null, blank text, empty list)',
      101,
      (r) => {
        delete r['content']['牌号'];
        r['content']['试验温度'] = null;
        r['content']['化学成分'][0]['元素'] = '  ';
      },
      [
        ['REQUIRED_MISSING', 'content.牌号'],
        ['REQUIRED_MISSING', 'content.试验温度'],
        ['REQUIRED_MISSING', 'content.化学成分[0].元素'],
      ],
    ],
    [
      'numeric strings and non-finite numbers',
      101,
      (r) => {
        r['content']['试验温度'] = '650';
        r['content']['应力序列'][1] = Number.NaN;
      },
      [
        ['NOT_A_NUMBER', 'content.试验温度'],
        ['NOT_A_NUMBER', 'content.应力序列[1]'],
      ],
    ],
    [
      'range shapes',
      101,
      (r) => {
        r['content']['保温时间'] = { lb: 8 };
        r['content']['屈服强度'] = { lb: 1, ub: 2 };
      },
      [
        ['RANGE_SHAPE', 'content.保温时间'],
        ['RANGE_SHAPE', 'content.屈服强度'],
      ],
    ],
    [
      'range order and negative error',
      101,
      (r) => {
        r['content']['保温时间'] = { lb: 10, ub: 8 };
        r['content']['屈服强度'] = { val: 1, err: -1 };
      },
      [
        ['RANGE_ORDER', 'content.保温时间'],
        ['RANGE_NEGATIVE_ERROR', 'content.屈服强度'],
      ],
    ],
    [
      'choice not an option (a group name is not a value)',
      101,
      (r) => {
        r['content']['热处理状态'] = '热处理';
      },
      [['CHOICE_NOT_AN_OPTION', 'content.热处理状态']],
    ],
    [
      'images and files',
      101,
      (r) => {
        r['content']['显微组织'] = '/media/x.png';
        r['content']['原始数据'] = ['/media/a.csv', 'b.csv'];
      },
      [
        ['NOT_AN_ARRAY', 'content.显微组织'],
        ['TOO_MANY_FILES', 'content.原始数据'],
        ['NOT_A_PLATFORM_PATH', 'content.原始数据[1]'],
      ],
    ],
    [
      'unknown keys anywhere',
      101,
      (r) => {
        r['content']['备注'] = 'x';
        r['content']['化学成分'][1]['单位'] = 'wt.%';
        r['content']['试验条件']['设备']['序列号'] = '1';
        r['extra'] = 1;
      },
      [
        ['UNKNOWN_KEY', 'extra'],
        ['UNKNOWN_KEY', 'content.备注'],
        ['UNKNOWN_KEY', 'content.化学成分[1].单位'],
        ['UNKNOWN_KEY', 'content.试验条件.设备.序列号'],
      ],
    ],
    [
      'containers, tables, arrays and generators of the wrong shape',
      101,
      (r) => {
        r['content']['试验条件'] = ['空气'];
        r['content']['化学成分'] = [{ 元素: 'Ni' }, 'Cr'];
        r['content']['应力序列'] = '690,720';
        r['content']['强化相'] = { 体积分数: 18.5, 描述: 'γ′' };
      },
      [
        ['NOT_AN_ARRAY', 'content.应力序列'],
        ['NOT_AN_OBJECT', 'content.化学成分[1]'],
        ['NOT_AN_OBJECT', 'content.试验条件'],
        ['GENERATOR_NOT_ONE', 'content.强化相'],
      ],
    ],
    [
      'an empty optional value is sent as nothing',
      101,
      (r) => {
        r['content']['应力序列'] = [];
      },
      [['EMPTY_VALUE', 'content.应力序列']],
    ],
    [
      'nested arrays of containers, generators and tables (template 102)',
      102,
      (r) => {
        r['meta']['keywords'] = ['Cu'];
        r['meta']['source']['methods'] = '110';
        r['content']['晶粒测量'][0]['尺寸'] = { val: '23.5', err: 1 };
        r['content']['处理步骤'][0] = { 退火: { 温度: 450 }, 刻蚀: 'x' };
        r['content']['分区测量'][0]['峰位表'][1]['强度'] = '4100';
        r['content']['衬底'] = '单晶';
      },
      [
        ['CHOICE_NOT_AN_OPTION', 'content.衬底'],
        ['RANGE_SHAPE', 'content.晶粒测量[0].尺寸'],
        ['GENERATOR_NOT_ONE', 'content.处理步骤[0]'],
        ['NOT_A_NUMBER', 'content.分区测量[0].峰位表[1].强度'],
      ],
    ],
    [
      'meta rules',
      101,
      (r) => {
        r['meta']['title'] = '   ';
        r['meta']['abstract'] = '在这里填写';
        r['meta']['keywords'] = ['ok', '', 'x'.repeat(256)];
        r['meta']['source'] = { source: '01', methods: '0 1', reference: '' };
        r['meta']['doi'] = 'd'.repeat(256);
        r['meta']['public'] = 'yes';
        r['meta']['public_date'] = 1.5;
        r['meta']['public_range'] = 4;
        r['meta']['category'] = 'x';
        r['meta']['tid'] = 102;
      },
      [
        ['META_UNKNOWN_KEY', 'meta.category'],
        ['META_TID', 'meta.tid'],
        ['META_BLANK', 'meta.title'],
        ['META_BLANK', 'meta.abstract'],
        ['META_KEYWORDS', 'meta.keywords[1]'],
        ['META_KEYWORDS', 'meta.keywords[2]'],
        ['META_REFERENCE', 'meta.source.reference'],
        ['META_METHODS', 'meta.source.methods'],
        ['META_DOI', 'meta.doi'],
        ['META_PUBLIC', 'meta.public'],
        ['META_PUBLIC_DATE', 'meta.public_date'],
        ['META_PUBLIC_RANGE', 'meta.public_range'],
      ],
    ],
    [
      'a DOI that is not one (a column name written as literal text)',
      101,
      (r) => {
        r['meta']['doi'] = 'doi';
      },
      [['META_DOI', 'meta.doi']],
    ],
    [
      'meta source and the absent public_* keys',
      101,
      (r) => {
        r['meta']['source'] = { source: '11', methods: '0100' };
        delete r['meta']['public_date'];
        delete r['meta']['public_range'];
        r['meta']['other_info'] = { project: 1, topic: 'x' };
      },
      [
        ['META_SOURCE', 'meta.source.source'],
        ['META_METHODS', 'meta.source.methods'],
        ['META_OTHER_INFO', 'meta.other_info.project'],
        ['META_UNKNOWN_KEY', 'meta.other_info.topic'],
        ['META_PUBLIC_DATE', 'meta.public_date'],
        ['META_PUBLIC_RANGE', 'meta.public_range'],
      ],
    ],
  ];

  it.each(cases)('%s', (_name, id, mutate, expected) => {
    const record = body(id) as unknown as Mutable;
    mutate(record);
    expect(codes(record, id, 3)).toEqual(expected);
  });

  it('checks the methods width setting', () => {
    expect(codes(body(101), 101, 4)).toEqual([['META_METHODS', 'meta.source.methods']]);
    expect(codes({ content: {} }, 103, 3).map((c) => c[0])).toEqual([
      'META_MISSING',
      'REQUIRED_MISSING',
      'REQUIRED_MISSING',
      'REQUIRED_MISSING',
    ]);
  });

  it('answers for the value-only set it is asked with, whichever was asked before (the fast check is compiled per set)', () => {
    const template = sampleTemplate(101);
    const field = template.fields.find((f) => f.name === '屈服强度')!;
    const record = body(101) as unknown as Mutable;
    record['content']['屈服强度'] = { val: 1035 };
    const alone: ReadonlySet<Field> = new Set([field]);
    // Asked in turn, with equal sets made anew (as each input's compiled mapping makes its own) and without.
    for (const valueOnly of [alone, undefined, new Set([field]), new Set<Field>(), alone]) {
      const issues = validateRecord(record as unknown as PlatformRecord, template, valueOnly === undefined ? {} : { valueOnly });
      const allowed = valueOnly !== undefined && valueOnly.size > 0;
      expect(issues.map((i) => i.code)).toEqual(allowed ? [] : ['RANGE_SHAPE']);
      expect(isValidRecord(record as object, template.fields, template.id, 3, valueOnly)).toBe(allowed);
    }
  });
  it("the fast check never passes what the full walk rejects, whatever the objects' prototypes and own undefined keys", () => {
    const template = sampleTemplate(101);
    const fast = (r: unknown): boolean => isValidRecord(r as object, template.fields, template.id, 3);
    // The full walk alone: validateRecord itself asks the fast check first.
    const full = (r: unknown): readonly string[] => recordIssues(r as PlatformRecord, template, {}).map((i) => i.code);
    /** A deep copy whose every object has no prototype. */
    const bare = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(bare)
        : typeof v === 'object' && v !== null
          ? Object.assign(Object.create(null) as object, Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bare(x)])))
          : v;
    // Without prototypes, a valid record is still valid to both.
    expect(full(bare(body(101)))).toEqual([]);
    expect(fast(bare(body(101)))).toBe(true);
    const name = template.fields.find((f) => f.required)!.name;
    const cases: Array<[string, (r: Mutable) => unknown]> = [
      // A required field inherited rather than own, with an unknown own key to make the counts even.
      [
        'inherited field',
        (r) => {
          const { [name]: value, ...rest } = r['content'] as Record<string, unknown>;
          r['content'] = Object.assign(Object.create({ [name]: value }) as object, rest, { unknown: 1 });
          return r;
        },
      ],
      ['own undefined meta key', (r) => ((r['meta']['doi'] = undefined), r)],
      ['own undefined content key', (r) => ((r['content']['unknown'] = undefined), r)],
      ['unknown own key beside a missing field', (r) => (delete r['content'][name], (r['content']['unknown'] = 1), r)],
      ['record with another prototype', (r) => Object.assign(Object.create({ extra: 1 }) as object, r)],
      ['meta with another prototype', (r) => ((r['meta'] = Object.assign(Object.create({ tid: 101 }) as object, r['meta'])), r)],
      ['record part inherited', (r) => Object.assign(Object.create({ meta: r['meta'] }) as object, { content: r['content'], other: 1 })],
    ];
    const hide = (o: Record<string, unknown>, key: string, value: unknown): void => {
      delete o[key];
      Object.defineProperty(o, key, { value, enumerable: false, writable: true, configurable: true });
    };
    const numberField = template.fields.find((f) => f.type === 'number')!.name;
    // Each of these is invalid to the full walk: a key the platform would not see, or one it would drop.
    const invalid: Array<[string, (r: Mutable) => unknown]> = [
      ['hidden meta key beside an unknown one', (r) => (hide(r['meta'], 'institution', 'i'), (r['meta']['zzz'] = 1), r)],
      [
        'hidden source key beside an unknown one',
        (r) => (hide(r['meta']['source'], 'reference', 'ref'), (r['meta']['source']['zzz'] = '1'), r),
      ],
      ['hidden content field beside an unknown one', (r) => (hide(r['content'], name, r['content'][name]), (r['content']['zzz'] = 1), r)],
      [
        'hidden record part beside an unknown key',
        (r) => {
          hide(r, 'meta', r['meta']);
          r['zzz'] = 1;
          return r;
        },
      ],
      [
        'a getter that runs the same check again and then gives the wrong type',
        (r) => {
          Object.defineProperty(r['content'], numberField, {
            enumerable: true,
            get: () => (fast(body(101)) ? 'not a number' : 'not a number either'),
          });
          return r;
        },
      ],
    ];
    for (const [label, change] of [...cases, ...invalid]) {
      const record = change(body(101));
      if (fast(record)) expect([label, full(record)]).toEqual([label, []]);
    }
    for (const [label, change] of invalid) {
      const record = change(body(101));
      expect([label, full(record).length > 0, fast(record)]).toEqual([label, true, false]);
    }
    // Each way round, an inherited required field is not taken as present by the fast check.
    expect(fast(cases[0]![1](body(101) as unknown as Mutable))).toBe(false);
  });

  it('the fast check is not fooled by keys given to Object.prototype after it was compiled', () => {
    const template = sampleTemplate(101);
    const fast = (r: unknown): boolean => isValidRecord(r as object, template.fields, template.id, 3);
    // The full walk alone: validateRecord itself asks the fast check first.
    const full = (r: unknown): readonly string[] => recordIssues(r as PlatformRecord, template, {}).map((i) => i.code);
    expect(fast(body(101))).toBe(true);
    const name = template.fields.find((f) => f.required)!.name;
    const value = (body(101) as unknown as Mutable)['content'][name] as unknown;
    const proto = Object.prototype as Record<string, unknown>;
    for (const enumerable of [false, true]) {
      try {
        Object.defineProperty(proto, name, { value, enumerable, writable: true, configurable: true });
        Object.defineProperty(proto, 'institution', { value: 'inherited', enumerable, writable: true, configurable: true });
        const missing = body(101) as unknown as Mutable;
        delete missing['content'][name];
        missing['content']['zzz'] = 1;
        const unknownMeta = body(101) as unknown as Mutable;
        unknownMeta['meta']['zzz'] = 1;
        for (const record of [missing, unknownMeta]) {
          expect(full(record).length).toBeGreaterThan(0);
          expect(fast(record)).toBe(false);
        }
      } finally {
        delete proto[name];
        delete proto['institution'];
      }
    }
    expect(fast(body(101))).toBe(true);
  });
});
