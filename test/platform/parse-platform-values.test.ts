import { PayloadShapeError, parseCategoryTree, parseProjects } from '../../src/platform/parse-platform-values.js';

describe('parsing category trees and projects', () => {
  test('a v3 project without subjects has no topics', () => {
    const [project] = parseProjects([
      { id: '2020YFB0001', name: 'P', leader: '王五', leader_fk: 'wangwu', created_time: '2021-01-01 00:00:00' },
    ]);
    expect(project).toEqual({
      id: '2020YFB0001',
      name: 'P',
      leader: '王五',
      institution: '',
      createdTime: '2021-01-01 00:00:00',
      topics: [],
    });
  });

  test('malformed payloads name the path that is wrong', () => {
    expect(() => parseCategoryTree([{ id: 1, name: 'a', children: [{ id: 'x', name: 'b' }] }])).toThrow(PayloadShapeError);
    try {
      parseCategoryTree([{ id: 1, name: 'a', children: [{ id: 'x', name: 'b' }] }]);
    } catch (error) {
      expect((error as PayloadShapeError).path).toBe('data[0].children[0].id');
    }
    expect(() => parseProjects({})).toThrow(PayloadShapeError);
  });
});
